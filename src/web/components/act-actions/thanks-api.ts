import { useMutation, useQuery } from "@tanstack/react-query";
import type { Ok } from "../../../shared/schemas/responses.js";
import type { ThanksInput, ThanksStatus } from "../../../shared/schemas/thanks.js";
import { api } from "../../lib/api.js";
import { queryKeys } from "../../lib/query-keys.js";

/** GET /api/me/acts/:actId/thanks: whether this act's card had a holder before, and whether they were thanked. */
export const getThanksStatus = (actId: string): Promise<ThanksStatus> => api(`/me/acts/${encodeURIComponent(actId)}/thanks`);

export const useThanksStatus = (actId: string | null) =>
  useQuery({
    queryKey: ["thanks", "status", actId],
    queryFn: () => getThanksStatus(actId!),
    enabled: actId !== null,
    retry: false,
    meta: { sameInEveryLanguage: true },
  });

/** POST /api/me/acts/:actId/thanks: one thanks per act, to the card's previous holder. */
export const useSendThanks = (actId: string) =>
  useMutation({
    mutationFn: (input: ThanksInput): Promise<Ok> => api(`/me/acts/${encodeURIComponent(actId)}/thanks`, { method: "POST", body: input }),
    onSuccess: (_data, _input, _context, { client }) => {
      void client.invalidateQueries({ queryKey: ["thanks", "status", actId] });
      // The act history shows "Thanked" in place of the button.
      void client.invalidateQueries({ queryKey: queryKeys.acts.myHistory });
    },
  });
