import { useMutation } from "@tanstack/react-query";
import type { SignInInput, SignInResponse } from "../../../../shared/schemas/auth.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/sign-in: sets the session cookie and answers with the profile (and whether this was its first sign-in). */
export const signIn = (input: SignInInput): Promise<SignInResponse> => api("/auth/sign-in", { method: "POST", body: input });

export const useSignIn = () => useMutation({ mutationFn: signIn });
