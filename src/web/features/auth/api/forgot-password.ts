import { useMutation } from "@tanstack/react-query";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/forgot-password: mails a reset link when the address has an account; answers the same either way. */
export const forgotPassword = (email: string): Promise<Ok> => api("/auth/forgot-password", { method: "POST", body: { email } });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
