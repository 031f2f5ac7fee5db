import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnomalyFlag, FlaggedAct } from "../../../../shared/schemas/anomalies.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

export type AnomalyView = "open" | "all";

/** GET /api/admin/anomalies: unusual scan patterns, newest day first. */
export const useAnomalies = (view: AnomalyView, page: number) =>
  useQuery({
    queryKey: queryKeys.admin("anomalies", view, page),
    queryFn: () => api<{ items: AnomalyFlag[]; page: number; hasMore: boolean }>(`/admin/anomalies?status=${view}&page=${page}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/anomalies/:id/acts: the person's acts that day, voided ones included. */
export const useFlaggedActs = (flagId: string) =>
  useQuery({
    queryKey: queryKeys.admin("anomalies", "acts", flagId),
    queryFn: () => api<{ acts: FlaggedAct[] }>(`/admin/anomalies/${encodeURIComponent(flagId)}/acts`),
  });

function useAdminMutation<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Every admin view may count the act (overview, analytics): refresh them all, and the public figures.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ["admin"] }), client.invalidateQueries({ queryKey: ["acts"] })]),
  });
}

/** POST /api/admin/anomalies/:id/review. */
export const useReviewFlag = () =>
  useAdminMutation(({ flagId, decision, note }: { flagId: string; decision: "dismissed" | "resolved"; note: string }) =>
    api(`/admin/anomalies/${encodeURIComponent(flagId)}/review`, { method: "POST", body: { decision, note } }),
  );

/** POST /api/admin/acts/:id/void. */
export const useVoidAct = () =>
  useAdminMutation(({ actId, reason }: { actId: string; reason: string }) =>
    api(`/admin/acts/${encodeURIComponent(actId)}/void`, { method: "POST", body: { reason } }),
  );
