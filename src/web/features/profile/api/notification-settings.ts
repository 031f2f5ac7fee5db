import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationChoice, NotificationSettings, StreakReminderInput } from "../../../../shared/schemas/notifications.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/me/notifications/settings: each kind's push and email choice, and how many devices receive pushes. */
export const useNotificationSettings = () =>
  useQuery({
    queryKey: queryKeys.notificationSettings,
    queryFn: (): Promise<NotificationSettings> => api("/me/notifications/settings"),
  });

/** PUT one choice; the answer is the whole settings, kept as the new truth. */
export function useSaveNotificationChoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: NotificationChoice): Promise<NotificationSettings> =>
      api("/me/notifications/settings", { method: "PUT", body: choice }),
    onSuccess: (settings) => client.setQueryData(queryKeys.notificationSettings, settings),
  });
}

/** PUT the streak reminder's hour in a time zone; the answer is the whole settings. */
export function useSaveStreakReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reminder: StreakReminderInput): Promise<NotificationSettings> =>
      api("/me/notifications/reminder", { method: "PUT", body: reminder }),
    onSuccess: (settings) => client.setQueryData(queryKeys.notificationSettings, settings),
  });
}
