import { useMutation } from "@tanstack/react-query";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";
import { forgetSignedInUser } from "../../../lib/session.js";

/** POST /api/auth/sign-out: ends this session (a visitor's call changes nothing). */
export const signOut = (): Promise<Ok> => api("/auth/sign-out", { method: "POST", body: {} });

/** Signs out and forgets everything cached for this person, even when the call fails. */
export const useSignOut = () =>
  useMutation({
    mutationFn: signOut,
    onSettled: (_data, _error, _input, _context, { client }) => forgetSignedInUser(client),
  });
