import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatMessage, ChatPage, ChatStats, LikeResult, ReportInput } from "../../../../shared/schemas/community.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/chat/messages: 100 at a time, newest first; live events refetch it. */
export const chatMessagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.chat.messages,
    queryFn: ({ pageParam }): Promise<ChatPage> => api(`/chat/messages${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export const useChatMessages = () => useInfiniteQuery(chatMessagesQueryOptions());

export const useChatStats = () => useQuery({ queryKey: queryKeys.chat.stats, queryFn: (): Promise<ChatStats> => api("/chat/stats") });

function useRefreshChat() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.chat.all });
}

export function useSendMessage() {
  const refresh = useRefreshChat();
  return useMutation({
    mutationFn: (body: string): Promise<ChatMessage> => api("/chat/messages", { method: "POST", body: { body } }),
    onSuccess: refresh,
  });
}

export function useSetMessageLike() {
  const refresh = useRefreshChat();
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }): Promise<LikeResult> =>
      api(`/chat/messages/${encodeURIComponent(id)}/like`, { method: liked ? "PUT" : "DELETE" }),
    onSettled: refresh,
  });
}

export function useDeleteMessage() {
  const refresh = useRefreshChat();
  return useMutation({
    mutationFn: (id: string): Promise<void> => api(`/chat/messages/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export const reportMessage = (id: string, report: ReportInput): Promise<{ ok: true }> =>
  api(`/chat/messages/${encodeURIComponent(id)}/reports`, { method: "POST", body: report });
