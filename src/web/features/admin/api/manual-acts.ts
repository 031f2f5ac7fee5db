import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ManualActsInput, ManualBatch } from "../../../../shared/schemas/admin.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

export const useManualBatches = (page: number) =>
  useQuery({
    queryKey: queryKeys.admin("manual-acts", page),
    queryFn: () => api<{ items: ManualBatch[]; page: number; hasMore: boolean }>(`/admin/manual-acts?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/manual-acts: one contiguous range of act numbers. */
export function useRecordManualActs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualActsInput) =>
      api<{ batchId: string; count: number; start: number; end: number }>("/admin/manual-acts", { method: "POST", body: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ["admin"] }), client.invalidateQueries({ queryKey: ["acts"] })]),
  });
}
