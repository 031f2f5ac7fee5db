import { useMutation } from "@tanstack/react-query";
import type { EmailWithClaimInput } from "../../../../shared/schemas/auth.js";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/forgot-password: mails a reset link when the address has an account; answers the same either way. */
export const forgotPassword = (input: EmailWithClaimInput): Promise<Ok> => api("/auth/forgot-password", { method: "POST", body: input });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
