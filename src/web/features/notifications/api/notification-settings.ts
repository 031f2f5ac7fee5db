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

/*
 * Each save answers with the whole settings, but two saves run side by side
 * (turning the streak reminder on saves its hour and its channel at once) and
 * their answers can arrive in either order: the later answer may have been
 * read before the other save landed. So each save keeps only the part it
 * changed from its answer, and the rest of what is shown stays as it was.
 */

/** PUT one choice; its kind and channel are taken from the answer. */
export function useSaveNotificationChoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: NotificationChoice): Promise<NotificationSettings> =>
      api("/me/notifications/settings", { method: "PUT", body: choice }),
    onSuccess: (settings, choice) =>
      client.setQueryData<NotificationSettings>(queryKeys.notificationSettings, (shown) => {
        if (!shown) return settings;
        const kind = {
          ...settings.kinds[choice.kind]!,
          ...shown.kinds[choice.kind],
          [choice.channel]: settings.kinds[choice.kind]![choice.channel],
        };
        return { ...shown, kinds: { ...shown.kinds, [choice.kind]: kind } };
      }),
  });
}

/**
 * PUT the streak reminder's hour in a time zone; the reminder is taken from the answer.
 * Every save of the hour waits for the one before it (one mutation scope): turning the
 * reminder on saves the default hour, and an hour chosen at once must land after it,
 * not be overwritten by it when the two requests finish out of order.
 */
export function useSaveStreakReminder() {
  const client = useQueryClient();
  return useMutation({
    scope: { id: "streak-reminder-hour" },
    mutationFn: (reminder: StreakReminderInput): Promise<NotificationSettings> =>
      api("/me/notifications/reminder", { method: "PUT", body: reminder }),
    onSuccess: (settings) =>
      client.setQueryData<NotificationSettings>(queryKeys.notificationSettings, (shown) =>
        shown ? { ...shown, reminder: settings.reminder } : settings,
      ),
  });
}
