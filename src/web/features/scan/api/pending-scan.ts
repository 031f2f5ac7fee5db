import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { PendingScan, PendingScanRequest, ScanSuccess } from "../../../../shared/schemas/scans.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** POST /api/scans/pending: keeps a signed-out scan for its person (the position judged now, for a place). */
export const keepPendingScan = (request: PendingScanRequest): Promise<PendingScan> =>
  api("/scans/pending", { method: "POST", body: request });

export const useKeepPendingScan = () => useMutation({ mutationFn: keepPendingScan });

/** POST /api/scans/pending/claim: records the kept scan's act (the same act again when asked again). */
export const claimPendingScan = (token: string): Promise<ScanSuccess> => api("/scans/pending/claim", { method: "POST", body: { token } });

/** Run as a query: opening the page claims once even when React renders twice, and a reload shows the same act. */
export const claimQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.pendingClaim(token),
    queryFn: () => claimPendingScan(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { sameInEveryLanguage: true },
  });

export function useClaimedScan(token: string, enabled: boolean) {
  return useQuery({ ...claimQueryOptions(token), enabled });
}
