import { useMutation, useQuery } from "@tanstack/react-query";
import type { ReportReason } from "../../../../shared/schemas/community.js";
import type { Ok } from "../../../../shared/schemas/responses.js";
import type { ReceivedThanks } from "../../../../shared/schemas/thanks.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/me/thanks: the thanks this person received for cards they passed on; refreshed live (act-queries.ts). */
export const useReceivedThanks = () =>
  useQuery({ queryKey: queryKeys.receivedThanks, queryFn: (): Promise<ReceivedThanks> => api("/me/thanks") });

/** POST /api/thanks/:id/reports: only the person a thanks was sent to sees it, so only they report it. */
export const useReportThanks = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: ReportReason }): Promise<Ok> =>
      api(`/thanks/${encodeURIComponent(id)}/reports`, { method: "POST", body: { reason } }),
  });
