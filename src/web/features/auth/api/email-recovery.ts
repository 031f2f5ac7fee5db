import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { CompleteEmailRecoveryInput, EmailRecoveryOutcome, RecoveryLink } from "../../../../shared/schemas/auth.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/auth/email-recovery: whether the link is still good, and for which account. */
export const getRecoveryLink = (token: string): Promise<RecoveryLink> => api(`/auth/email-recovery?token=${encodeURIComponent(token)}`);

export const recoveryLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.recoveryLink(token), queryFn: () => getRecoveryLink(token), retry: false, staleTime: Infinity });

export const useRecoveryLink = (token: string | null) => useQuery({ ...recoveryLinkQueryOptions(token ?? ""), enabled: token !== null });

/** POST /api/auth/email-recovery: confirms the current address or moves the account to a new one. */
export const completeEmailRecovery = (input: CompleteEmailRecoveryInput): Promise<EmailRecoveryOutcome> =>
  api("/auth/email-recovery", { method: "POST", body: input });

export const useCompleteEmailRecovery = () => useMutation({ mutationFn: completeEmailRecovery });
