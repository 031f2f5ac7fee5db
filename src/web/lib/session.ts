import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { SessionResponse } from "../../shared/schemas/auth.js";
import type { Profile } from "../../shared/schemas/profile.js";
import { api } from "./api.js";
import { queryKeys } from "./query-keys.js";

/** GET /api/auth/session: the signed-in person's profile, or null for a visitor. Shared by the shell and every feature. */
export const getSession = (): Promise<SessionResponse> => api("/auth/session");

export const sessionQueryOptions = () => queryOptions({ queryKey: queryKeys.session, queryFn: getSession, staleTime: 60_000 });

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data?.user ?? null, isLoading: query.isPending, error: query.error };
}

/**
 * The signed-in person as already known when this renders, without following
 * later changes (useSession follows them). For a page that must not redraw
 * as a whole when the session arrives; a small part of it follows instead.
 */
export function useKnownSessionUser(): Profile | null {
  return useQueryClient().getQueryData<SessionResponse>(queryKeys.session)?.user ?? null;
}

/** After sign-in, sign-out or a profile change, the session's copy of the profile follows (one function per client, for memoised forms). */
export function useSetSessionUser() {
  const client = useQueryClient();
  return useCallback((user: Profile | null) => void client.setQueryData(queryKeys.session, { user }), [client]);
}

/** The person is signed out (sign-out, everywhere, a deleted account): everything cached for them goes. */
export function forgetSignedInUser(client: QueryClient): void {
  client.clear();
  client.setQueryData(queryKeys.session, { user: null });
}
