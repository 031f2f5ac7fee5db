import { useMutation } from "@tanstack/react-query";
import type { EmailWithClaimInput } from "../../../../shared/schemas/auth.js";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/resend-confirmation: the same answer whether or not the address has an account. */
export const resendConfirmation = (input: EmailWithClaimInput): Promise<Ok> =>
  api("/auth/resend-confirmation", { method: "POST", body: input });

export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
