import { useMutation } from "@tanstack/react-query";
import type { SignInInput } from "../../../../shared/schemas/auth.js";
import type { Profile } from "../../../../shared/schemas/profile.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/sign-in: sets the session cookie and answers with the profile. */
export const signIn = (input: SignInInput): Promise<{ user: Profile }> => api("/auth/sign-in", { method: "POST", body: input });

export const useSignIn = () => useMutation({ mutationFn: signIn });
