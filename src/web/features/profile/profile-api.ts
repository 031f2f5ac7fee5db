import { useMutation, useQuery } from "@tanstack/react-query";
import type { Profile, ProfileUpdateInput } from "../../../shared/schemas/profile.js";
import { api } from "../../lib/api.js";
import { useSetSessionUser } from "../auth/api/session.js";

export const profileQueryKey = ["profile"] as const;

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: () => api<Profile>("/me") });
}

/** Saves profile fields; the session copy of the profile is refreshed with the answer. */
export function useUpdateProfile() {
  const setUser = useSetSessionUser();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => api<Profile>("/me", { method: "PATCH", body: input }),
    onSuccess: (profile, _input, _context, { client }) => {
      setUser(profile);
      client.setQueryData(profileQueryKey, profile);
    },
  });
}
