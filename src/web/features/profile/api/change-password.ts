import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordInput } from "../../../../shared/schemas/auth.js";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";

/** POST /api/auth/change-password: needs the current password; may end every other session. */
export const changePassword = (input: ChangePasswordInput): Promise<Ok> => api("/auth/change-password", { method: "POST", body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
