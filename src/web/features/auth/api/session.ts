import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Profile } from "../../../../shared/schemas/profile.js";
import { api } from "../../../lib/api.js";

export const sessionQueryKey = ["session"] as const;

export function fetchSession(): Promise<{ user: Profile | null }> {
  return api("/auth/session");
}

/** The signed-in user's profile, or null for a visitor. */
export function useSession() {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
  return { user: query.data?.user ?? null, isLoading: query.isPending, error: query.error };
}

export function useSetSessionUser() {
  const client = useQueryClient();
  return (user: Profile | null) => client.setQueryData(sessionQueryKey, { user });
}
