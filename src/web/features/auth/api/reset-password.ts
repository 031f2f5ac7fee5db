import { useMutation } from "@tanstack/react-query";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/reset-password: the emailed token and the new password. */
export const resetPassword = (input: { token: string; password: string }): Promise<Ok> =>
  api("/auth/reset-password", { method: "POST", body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
