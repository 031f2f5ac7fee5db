import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ConfirmEmailResponse } from "../../../../shared/schemas/auth.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/**
 * POST /api/auth/confirm-email: spends the link's token once, signs its person
 * in, and records the act kept while signed out when the link carries one.
 */
export const confirmEmail = (token: string, claim: string | null): Promise<ConfirmEmailResponse> =>
  api("/auth/confirm-email", { method: "POST", body: { token, ...(claim ? { claim } : {}) } });

/** Run as a query so that opening the link confirms once, even when React renders twice. */
export const emailConfirmationQueryOptions = (token: string, claim: string | null) =>
  queryOptions({
    queryKey: queryKeys.emailConfirmation(token),
    queryFn: () => confirmEmail(token, claim),
    retry: false,
    staleTime: Infinity,
  });

export const useEmailConfirmation = (token: string | null, claim: string | null) =>
  useQuery({ ...emailConfirmationQueryOptions(token ?? "", claim), enabled: token !== null });
