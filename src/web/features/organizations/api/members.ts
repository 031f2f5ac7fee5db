import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MemberRole, Members } from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

const key = (organizationId: string) => queryKeys.organizationPart(organizationId, "members");

/** GET /api/organizations/:id/members: members with their roles, and invitations still waiting. */
export const useMembers = (organizationId: string) =>
  useQuery({ queryKey: key(organizationId), queryFn: () => api<Members>(`/organizations/${organizationId}/members`) });

function useMembersMutation<T, R>(organizationId: string, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: key(organizationId) }) });
}

/** POST …/members: an existing account joins at once; otherwise an invitation is mailed. */
export const useInviteMember = (organizationId: string) =>
  useMembersMutation(organizationId, (input: { email: string; role: MemberRole }) =>
    api<{ status: "added" | "invited" }>(`/organizations/${organizationId}/members`, { method: "POST", body: input }),
  );

/** PUT …/members/:memberId: a new role. */
export const useChangeRole = (organizationId: string) =>
  useMembersMutation(organizationId, ({ memberId, role }: { memberId: string; role: MemberRole }) =>
    api(`/organizations/${organizationId}/members/${memberId}`, { method: "PUT", body: { role } }),
  );

/** DELETE …/members/:memberId (the last owner stays). */
export const useRemoveMember = (organizationId: string) =>
  useMembersMutation(organizationId, (memberId: string) =>
    api(`/organizations/${organizationId}/members/${memberId}`, { method: "DELETE" }),
  );

/** DELETE …/invitations/:invitationId. */
export const useCancelInvitation = (organizationId: string) =>
  useMembersMutation(organizationId, (invitationId: string) =>
    api(`/organizations/${organizationId}/invitations/${invitationId}`, { method: "DELETE" }),
  );
