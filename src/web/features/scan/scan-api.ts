import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ScanCheck, ScanCode, ScanRequest, ScanSuccess } from "../../../shared/schemas/scans.js";
import { refreshAllActViews } from "../../lib/act-queries.js";
import { api } from "../../lib/api.js";

/** Asks the server whether this code would record an act, before any card is opened. */
export function useScanCheck(code: ScanCode | null, enabled: boolean) {
  return useQuery({
    queryKey: ["scan-check", code],
    queryFn: () => api<ScanCheck>("/scans/check", { method: "POST", body: code }),
    enabled: enabled && code !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Records the act; every view of acts refreshes without a reload. */
export function useRecordScan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ScanRequest) => api<ScanSuccess>("/scans", { method: "POST", body: request }),
    onSuccess: () => refreshAllActViews(client),
  });
}
