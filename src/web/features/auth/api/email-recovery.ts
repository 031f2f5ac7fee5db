import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type {
  CompleteEmailRecoveryInput,
  EmailChangeConfirmed,
  EmailRecoveryOutcome,
  RecoveryLink,
} from "../../../../shared/schemas/auth.js";
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

/** POST /api/auth/email-change/confirm: the link mailed to the new address moves the account to it and signs every device out. */
export const confirmEmailChange = (token: string): Promise<EmailChangeConfirmed> =>
  api("/auth/email-change/confirm", { method: "POST", body: { token } });

/** Run as a query so that opening the link moves the account once, even when React renders twice. */
export const useEmailChangeConfirmation = (token: string | null) =>
  useQuery({
    queryKey: queryKeys.emailChange(token ?? ""),
    queryFn: () => confirmEmailChange(token!),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
