import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Notifications } from "../../../../shared/schemas/cards.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/me/notifications: news of the cards I passed on and follow. */
export const useNotifications = () =>
  useQuery({ queryKey: queryKeys.notifications, queryFn: (): Promise<Notifications> => api("/me/notifications") });

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<void> => api("/me/notifications/read", { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
