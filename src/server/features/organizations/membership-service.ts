import { EMAILS } from "./emails.js";
import { DEFAULT_LANGUAGE } from "../../../shared/i18n/languages.js";
import type { Kysely } from "kysely";
import {
  invitationSignUpPath,
  type InvitationPreview,
  type MemberRole,
  type Members,
  type MyOrganizations,
} from "../../../shared/schemas/organizations.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import * as users from "../users/index.js";
import * as repo from "./membership-repository.js";
import { requireOrganizationAccess } from "./organization-access.js";
import { mayChangeOwners } from "./organization-policy.js";
import { people } from "../users/read-models.js";

/**
 * The organisations whose dashboard this person may open. Invitations to
 * their confirmed address become memberships here, the first time they look.
 */
export async function myOrganizations(db: Kysely<DB>, userId: string): Promise<MyOrganizations> {
  const me = await db
    .selectFrom(people.from(db).as("person"))
    .select(["email", "email_verified", "is_official"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!me) throw new AppError("not_authenticated");
  if (me.email_verified && (await repo.hasPendingInvitations(db, me.email))) await repo.acceptInvitationsFor(db, userId, me.email);
  const organizations = await repo.listMemberships(db, userId);
  return { organizations, isOfficial: me.is_official };
}

export async function membersOf(db: Kysely<DB>, actorId: string, organizationId: string): Promise<Members> {
  await requireOrganizationAccess(db, actorId, organizationId, "view");
  const [members, invitations] = await Promise.all([repo.listMembers(db, organizationId), repo.listPendingInvitations(db, organizationId)]);
  return {
    members: members.map((m) => ({
      userId: m.id,
      username: m.username,
      email: m.email,
      role: m.role,
      since: new Date(m.created_at).toISOString(),
    })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: new Date(i.expires_at).toISOString() })),
  };
}

export interface InviteDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  appUrl: string;
}

/**
 * Invites someone by address: an existing account joins at once and is told;
 * otherwise an invitation waits for an account with that address.
 */
export async function inviteMember(deps: InviteDeps, actorId: string, organizationId: string, email: string, role: MemberRole) {
  const actor = await requireOrganizationAccess(deps.db, actorId, organizationId, "manage");
  if (role === "owner" && !mayChangeOwners(actor)) throw new AppError("forbidden");
  const organization = await deps.db.selectFrom("organizations").select("name").where("id", "=", organizationId).executeTakeFirstOrThrow();
  const inviter = await users.findMailingDetails(deps.db, actorId);
  const account = await users.findUserByEmail(deps.db, email);
  const details = account ? await users.findMailingDetails(deps.db, account.id) : undefined;
  if (account && details) {
    const added = await repo.addMember(deps.db, organizationId, account.id, role);
    if (added) {
      await deps.mailer.send(
        accountEmail(
          EMAILS.memberAdded,
          details.language_preference,
          details.email,
          { username: details.username, organization: organization.name, inviter: inviter?.username ?? "Kindly" },
          `${deps.appUrl}/business-dashboard?org=${organizationId}`,
        ),
      );
    }
    return { status: "added" as const };
  }
  const invitationId = await repo.upsertInvitation(deps.db, { organizationId, email, role, invitedBy: actorId });
  await deps.mailer.send(
    accountEmail(
      EMAILS.memberInvited,
      inviter?.language_preference ?? DEFAULT_LANGUAGE,
      email.toLowerCase(),
      { username: email, organization: organization.name, inviter: inviter?.username ?? "Kindly", email: email.toLowerCase() },
      `${deps.appUrl}${invitationSignUpPath(invitationId)}`,
    ),
  );
  return { status: "invited" as const };
}

/** What an invitation's emailed link shows before sign-up; an expired, used or unknown one is not found. */
export async function previewInvitation(db: Kysely<DB>, invitationId: string): Promise<InvitationPreview> {
  const found = await repo.findOpenInvitation(db, invitationId);
  if (!found) throw new AppError("not_found", { messageKey: "invitation.notFound" });
  return { email: found.email, organizationName: found.organization_name, role: found.role };
}

export async function cancelInvitation(db: Kysely<DB>, actorId: string, organizationId: string, invitationId: string) {
  await requireOrganizationAccess(db, actorId, organizationId, "manage");
  if (!(await repo.deleteInvitation(db, organizationId, invitationId))) throw new AppError("not_found");
}

/**
 * Changes a member's role or removes them, under the organisation's lock, so
 * that two owners removing each other at once cannot leave it with none.
 * Anyone may leave; the last owner may not.
 */
export async function changeMember(
  db: Kysely<DB>,
  actorId: string,
  organizationId: string,
  memberId: string,
  change: { role: MemberRole } | { remove: true },
): Promise<void> {
  const leaving = "remove" in change && memberId === actorId;
  const actor = await requireOrganizationAccess(db, actorId, organizationId, leaving ? "view" : "manage");
  await db.transaction().execute(async (trx) => {
    await repo.lockOrganization(trx, organizationId);
    const current = await repo.findMemberRole(trx, organizationId, memberId);
    if (!current) throw new AppError("not_found");
    const touchesOwners = current === "owner" || ("role" in change && change.role === "owner");
    if (touchesOwners && !leaving && !mayChangeOwners(actor)) throw new AppError("forbidden");
    if (current === "owner" && !("role" in change && change.role === "owner") && (await repo.countOwners(trx, organizationId)) <= 1) {
      throw new AppError("last_owner");
    }
    if ("remove" in change) await repo.removeMember(trx, organizationId, memberId);
    else await repo.setMemberRole(trx, organizationId, memberId, change.role);
  });
}
