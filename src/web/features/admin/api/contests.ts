import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminContest, ContestInput } from "../../../../shared/schemas/admin.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

export const useAdminContests = () =>
  useQuery({ queryKey: queryKeys.admin("contests"), queryFn: () => api<{ contests: AdminContest[] }>("/admin/contests") });

function useContestMutation<T>(call: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ["admin"] }), client.invalidateQueries({ queryKey: ["contests"] })]),
  });
}

/** POST /api/admin/contests or PUT /api/admin/contests/:id. */
export const useSaveContest = () =>
  useContestMutation(({ id, input }: { id?: string; input: ContestInput }) =>
    api<{ id: string } | undefined>(id ? `/admin/contests/${id}` : "/admin/contests", { method: id ? "PUT" : "POST", body: input }),
  );

export const useDrawContest = () =>
  useContestMutation((id: string) => api<void>(`/admin/contests/${id}/draw`, { method: "POST", body: {} }));

export const useMailWinners = () =>
  useContestMutation((id: string) => api<void>(`/admin/contests/${id}/mail-winners`, { method: "POST", body: {} }));

export const useSetContacted = () =>
  useContestMutation(({ id, drawOrder, contacted }: { id: string; drawOrder: number; contacted: boolean }) =>
    api<void>(`/admin/contests/${id}/winners/${drawOrder}/contacted`, { method: "PUT", body: { contacted } }),
  );
