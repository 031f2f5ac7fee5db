import { useMutation } from "@tanstack/react-query";
import type { DeleteAccountInput, DeletionScheduled } from "../../../../shared/schemas/auth.js";
import { api } from "../../../lib/api.js";
import { forgetSignedInUser } from "../../../lib/session.js";

/** POST /api/auth/delete-account: with the password; every session ends, this one too. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (input: DeleteAccountInput): Promise<DeletionScheduled> => api("/auth/delete-account", { method: "POST", body: input }),
    onSuccess: (_data, _input, _context, { client }) => forgetSignedInUser(client),
  });
