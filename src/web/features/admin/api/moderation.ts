import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ModerationItem } from "../../../../shared/schemas/moderation.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

export type ModerationView = "open" | "hidden";

export const useModeration = (view: ModerationView, page: number) =>
  useQuery({
    queryKey: queryKeys.moderation(view, page),
    queryFn: () => api<{ items: ModerationItem[]; page: number; hasMore: boolean }>(`/admin/moderation?view=${view}&page=${page}`),
    placeholderData: keepPreviousData,
  });

/** Hide (with a reason), restore, or dismiss the reports of one item. */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      item,
      action,
      reason,
    }: {
      item: Pick<ModerationItem, "type" | "id">;
      action: "hide" | "restore" | "dismiss";
      reason?: string;
    }) =>
      api<void>(`/admin/moderation/${item.type}/${encodeURIComponent(item.id)}/${action}`, {
        method: "POST",
        body: action === "hide" ? { reason } : {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}
