import { useMutation } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER, type ScanRequest, type ScanSuccess } from "../../../../shared/schemas/scans.js";
import { refreshAllActViews } from "../../../lib/act-queries.js";
import { api, isTemporaryFailure } from "../../../lib/api.js";

/** A tap on the envelope: the request, and the key every try of this tap carries. */
export interface ScanTap {
  request: ScanRequest;
  /** The same on every try of the tap, so a try whose answer was lost gets its act back (the server keeps it 24 h). */
  key: string;
}

/**
 * POST /api/scans: records the act; the answer carries its number and rarity.
 * Sent to survive the page: a person who taps and leaves at once still has the act (issue 60).
 */
export const recordScan = ({ request, key }: ScanTap): Promise<ScanSuccess> =>
  api("/scans", { method: "POST", body: request, headers: { [IDEMPOTENCY_KEY_HEADER]: key }, keepalive: true });

/** Tries after the first while the failure is temporary: about two minutes in all (1, 2, 4, 8, then every 15 s). */
export const SCAN_RETRIES = 11;

/** The pause after the `failures + 1`-th failed try: what the server asked for (Retry-After), otherwise growing to 15 s. */
export function scanRetryDelay(failures: number, error: unknown): number {
  const asked = isTemporaryFailure(error) ? error.retryAfterSeconds : undefined;
  return asked ? asked * 1000 : Math.min(1000 * 2 ** failures, 15_000);
}

/**
 * The scan, tried again by itself with the same key while it cannot reach
 * Kindly (offline: paused until the phone is back online) or Kindly answers
 * 503; refusals are final at once. Every view of acts refreshes without a
 * reload once it is recorded.
 */
export const useRecordScan = () =>
  useMutation({
    mutationFn: recordScan,
    retry: (failures, error) => isTemporaryFailure(error) && failures < SCAN_RETRIES,
    retryDelay: scanRetryDelay,
    onSuccess: (_data, _input, _context, { client }) => refreshAllActViews(client),
  });
