import { useMutation } from "@tanstack/react-query";
import type { ScanRequest, ScanSuccess } from "../../../../shared/schemas/scans.js";
import { refreshAllActViews } from "../../../lib/act-queries.js";
import { api } from "../../../lib/api.js";

/** POST /api/scans: records the act; the answer carries its number and rarity. */
export const recordScan = (request: ScanRequest): Promise<ScanSuccess> => api("/scans", { method: "POST", body: request });

/** Every view of acts refreshes without a reload. */
export const useRecordScan = () =>
  useMutation({ mutationFn: recordScan, onSuccess: (_data, _input, _context, { client }) => refreshAllActViews(client) });
