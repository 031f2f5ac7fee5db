import { useMutation } from "@tanstack/react-query";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/forgot-email: mails a recovery link to the address of this username's account, if any. */
export const forgotEmail = (username: string): Promise<Ok> => api("/auth/forgot-email", { method: "POST", body: { username } });

export const useForgotEmail = () => useMutation({ mutationFn: forgotEmail });
