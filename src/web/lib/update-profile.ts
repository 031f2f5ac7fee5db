import { useMutation } from "@tanstack/react-query";
import type { Profile, ProfileUpdateInput } from "../../shared/schemas/profile.js";
import { api } from "./api.js";
import { queryKeys } from "./query-keys.js";
import { useSetSessionUser } from "./session.js";

/** PATCH /api/me. Shared: the profile, onboarding and the language toggle all save profile fields. */
export const updateProfile = (input: ProfileUpdateInput): Promise<Profile> => api("/me", { method: "PATCH", body: input });

/** A call that answers with the profile; the session's and the profile page's copies take the answer. */
export function useProfileMutation<Input>(mutationFn: (input: Input) => Promise<Profile>) {
  const setUser = useSetSessionUser();
  return useMutation({
    mutationFn,
    onSuccess: (profile, _input, _context, { client }) => {
      setUser(profile);
      client.setQueryData(queryKeys.profile, profile);
    },
  });
}

/** Saves profile fields. */
export const useUpdateProfile = () => useProfileMutation(updateProfile);
