import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Ok } from "../../../shared/schemas/responses.js";
import type { CreateTeamInput, JoinTeamInput, MyTeams, Team, TeamKind } from "../../../shared/schemas/teams.js";
import { api } from "../../lib/api.js";
import { queryKeys } from "../../lib/query-keys.js";

/** GET /api/me/teams: the person's walking team and work team, each or none. */
export const useMyTeams = (enabled = true) =>
  useQuery({ queryKey: queryKeys.acts.myTeams, queryFn: (): Promise<MyTeams> => api("/me/teams"), enabled });

/** GET /api/teams/:id: the team page (members and the invite link for members only). */
export const useTeam = (teamId: string) =>
  useQuery({
    queryKey: queryKeys.acts.team(teamId),
    queryFn: (): Promise<Team> => api(`/teams/${encodeURIComponent(teamId)}`),
    retry: false,
  });

/** GET /api/teams/invites/:invite: what an invite link opens, before joining. */
export const useInvitePreview = (invite: string) =>
  useQuery({
    queryKey: ["teams", "invite", invite],
    queryFn: (): Promise<{ id: string; name: string; kind: TeamKind }> => api(`/teams/invites/${encodeURIComponent(invite)}`),
    retry: false,
  });

/** After any change to a team: the person's teams, every team page and the boards read again. */
function useRefreshTeams() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.acts.myTeams });
    void client.invalidateQueries({ queryKey: ["acts", "teams"] });
    void client.invalidateQueries({ queryKey: queryKeys.acts.leaderboards });
  };
}

export function useCreateTeam() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (input: CreateTeamInput): Promise<{ id: string; invitePath: string }> => api("/teams", { method: "POST", body: input }),
    onSuccess: refresh,
  });
}

export function useJoinTeam() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (input: JoinTeamInput): Promise<{ id: string; name: string; kind: TeamKind }> =>
      api("/teams/join", { method: "POST", body: input }),
    onSuccess: refresh,
  });
}

export function useJoinByInvite() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (input: { invite: string; memberName: string }): Promise<{ id: string; name: string; kind: TeamKind }> =>
      api("/teams/join-by-invite", { method: "POST", body: input }),
    onSuccess: refresh,
  });
}

/** The member's and the owner's actions on one team, each answered by refreshing what shows it. */
export function useTeamActions(teamId: string) {
  const refresh = useRefreshTeams();
  const path = `/teams/${encodeURIComponent(teamId)}`;
  const useAction = <I, O = Ok>(run: (input: I) => Promise<O>) => useMutation({ mutationFn: run, onSuccess: refresh });
  return {
    leave: useAction<void>(() => api(`${path}/membership`, { method: "DELETE" })),
    renameMe: useAction<string>((memberName) => api(`${path}/me`, { method: "PUT", body: { memberName } })),
    rename: useAction<string>((name) => api(path, { method: "PATCH", body: { name } })),
    setPassword: useAction<string | null, { invitePath: string }>((password) =>
      api(`${path}/password`, { method: "PUT", body: { password } }),
    ),
    setChallenge: useAction<number | null>((target) => api(`${path}/challenge`, { method: "PUT", body: { target } })),
    handOver: useAction<string>((memberKey) => api(`${path}/owner`, { method: "POST", body: { memberKey } })),
    remove: useAction<string>((memberKey) => api(`${path}/members/${encodeURIComponent(memberKey)}`, { method: "DELETE" })),
  };
}
