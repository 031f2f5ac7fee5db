import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ScanCheck, ScanCheckRequest } from "../../../../shared/schemas/scans.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** POST /api/scans/check: whether this code would record an act, before any card is opened. Records nothing. */
export const checkScan = (code: ScanCheckRequest): Promise<ScanCheck> => api("/scans/check", { method: "POST", body: code });

/** The code, with the person's position once they shared it (a virtual code then hears how far they are). */
export const scanCheckQueryOptions = (code: ScanCheckRequest | null) =>
  queryOptions({
    queryKey: queryKeys.scanCheck(code),
    queryFn: () => checkScan(code!),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    // No translated words in its answer; and asked again once the act is recorded,
    // it would answer "already scanned" and take the card off the screen.
    meta: { sameInEveryLanguage: true },
  });

export const useScanCheck = (code: ScanCheckRequest | null, enabled: boolean) =>
  useQuery({ ...scanCheckQueryOptions(code), enabled: enabled && code !== null });
