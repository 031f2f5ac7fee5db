import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LinkedSignIn } from "../../../../shared/schemas/workplace.js";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/reset-password: the emailed token and the new password. */
export const resetPassword = (input: { token: string; password: string }): Promise<Ok> =>
  api("/auth/reset-password", { method: "POST", body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/** POST /api/auth/reset-password/check: whether the emailed link can still be used (asked when the page opens). */
export const checkResetLink = (token: string): Promise<Ok> => api("/auth/reset-password/check", { method: "POST", body: { token } });

export const useResetLinkCheck = (token: string | null) =>
  useQuery({
    queryKey: ["reset-link", token],
    queryFn: () => checkResetLink(token!),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });

/** POST /api/reset-password/linked-sign-ins: employers' sign-ins linked to the account the link resets. */
export const useResetLinkedSignIns = (token: string | null) =>
  useQuery({
    queryKey: ["reset-linked-sign-ins", token],
    queryFn: () => api<{ linkedSignIns: LinkedSignIn[] }>("/reset-password/linked-sign-ins", { method: "POST", body: { token } }),
    enabled: token !== null,
    retry: false,
  });

export const useRemoveResetLinkedSignIn = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      api("/reset-password/linked-sign-ins/remove", { method: "POST", body: { token, organizationId } }),
    onSettled: () => client.invalidateQueries({ queryKey: ["reset-linked-sign-ins", token] }),
  });
};
