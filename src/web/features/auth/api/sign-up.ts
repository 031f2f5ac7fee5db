import { useMutation } from "@tanstack/react-query";
import type { SignUpInput } from "../../../../shared/schemas/auth.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/sign-up: creates the account and mails the confirmation link. */
export const signUp = (input: SignUpInput): Promise<{ status: "confirmation_sent" }> =>
  api("/auth/sign-up", { method: "POST", body: input });

export const useSignUp = () => useMutation({ mutationFn: signUp });
