import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** POST /api/auth/confirm-email: spends the link's token once. */
export const confirmEmail = (token: string): Promise<Ok> => api("/auth/confirm-email", { method: "POST", body: { token } });

/** Run as a query so that opening the link confirms once, even when React renders twice. */
export const emailConfirmationQueryOptions = (token: string) =>
  queryOptions({ queryKey: queryKeys.emailConfirmation(token), queryFn: () => confirmEmail(token), retry: false, staleTime: Infinity });

export const useEmailConfirmation = (token: string | null) =>
  useQuery({ ...emailConfirmationQueryOptions(token ?? ""), enabled: token !== null });
