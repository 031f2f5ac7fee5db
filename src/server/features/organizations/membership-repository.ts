import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { DB, MemberRole } from "../../platform/db/schema.js";
import { INVITATION_DAYS } from "../../../shared/constants.js";
import { people } from "../users/read-models.js";

// Who belongs to an organisation, and the invitations waiting for someone to sign up.

/** In one query: whether the user is the official account, and their role in the organisation. */
export async function findActor(db: Kysely<DB> | Transaction<DB>, userId: string, organizationId: string) {
  const row = await db
    .selectFrom(people.from(db).as("u"))
    .leftJoin("organization_members as m", (join) => join.onRef("m.user_id", "=", "u.id").on("m.organization_id", "=", organizationId))
    .select(["u.is_official", "m.role"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return row ? { isOfficial: row.is_official, role: row.role ?? null } : null;
}

export async function organizationExists(db: Kysely<DB>, organizationId: string): Promise<boolean> {
  return Boolean(await db.selectFrom("organizations").select("id").where("id", "=", organizationId).executeTakeFirst());
}

export async function listMemberships(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("organization_members as m")
    .innerJoin("organizations as o", "o.id", "m.organization_id")
    .select(["o.id", "o.name", "o.type", "m.role"])
    .where("m.user_id", "=", userId)
    .orderBy("o.name")
    .execute();
}

export async function listMembers(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("organization_members as m")
    .innerJoin(people.from(db).as("u"), "u.id", "m.user_id")
    .select(["u.id", "u.username", "u.email", "m.role", "m.created_at"])
    .where("m.organization_id", "=", organizationId)
    .orderBy("m.created_at")
    .execute();
}

export async function listPendingInvitations(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("organization_invitations")
    .select(["id", "email", "role", "expires_at"])
    .where("organization_id", "=", organizationId)
    .where("accepted_at", "is", null)
    .where("expires_at", ">", new Date())
    .orderBy("created_at")
    .execute();
}

/** Adds a member; someone already a member keeps their role. */
export async function addMember(db: Kysely<DB>, organizationId: string, userId: string, role: MemberRole): Promise<boolean> {
  const inserted = await db
    .insertInto("organization_members")
    .values({ organization_id: organizationId, user_id: userId, role })
    .onConflict((c) => c.columns(["organization_id", "user_id"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Serialises changes to an organisation's members (the last owner rule reads
 * then writes), across processes: the organisation's row is the lock.
 */
export async function lockOrganization(trx: Transaction<DB>, organizationId: string): Promise<boolean> {
  const row = await trx.selectFrom("organizations").select("id").where("id", "=", organizationId).forUpdate().executeTakeFirst();
  return Boolean(row);
}

export async function findMemberRole(db: Kysely<DB>, organizationId: string, userId: string): Promise<MemberRole | null> {
  const row = await db
    .selectFrom("organization_members")
    .select("role")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export async function countOwners(trx: Transaction<DB>, organizationId: string): Promise<number> {
  const row = await trx
    .selectFrom("organization_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organization_id", "=", organizationId)
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function removeMember(trx: Transaction<DB>, organizationId: string, userId: string): Promise<void> {
  await trx.deleteFrom("organization_members").where("organization_id", "=", organizationId).where("user_id", "=", userId).execute();
}

export async function setMemberRole(trx: Transaction<DB>, organizationId: string, userId: string, role: MemberRole): Promise<void> {
  await trx
    .updateTable("organization_members")
    .set({ role })
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .execute();
}

/** A new invitation, or the pending one for that address renewed with the new role; its id either way. */
export async function upsertInvitation(
  db: Kysely<DB>,
  invitation: { organizationId: string; email: string; role: MemberRole; invitedBy: string | null },
): Promise<string> {
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const row = await db
    .insertInto("organization_invitations")
    .values({
      id: randomUUID(),
      organization_id: invitation.organizationId,
      email: invitation.email.toLowerCase(),
      role: invitation.role,
      invited_by: invitation.invitedBy,
      expires_at: expiresAt,
    })
    .onConflict((c) =>
      c
        .columns(["organization_id", "email"])
        .where("accepted_at", "is", null)
        .doUpdateSet({ role: invitation.role, invited_by: invitation.invitedBy, expires_at: expiresAt }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A pending, unexpired invitation with its organisation's name: what its emailed link opens. */
export async function findOpenInvitation(db: Kysely<DB>, invitationId: string) {
  return db
    .selectFrom("organization_invitations as i")
    .innerJoin("organizations as o", "o.id", "i.organization_id")
    .select(["i.email", "i.role", "i.expires_at", "o.name as organization_name"])
    .where("i.id", "=", invitationId)
    .where("i.accepted_at", "is", null)
    .where("i.expires_at", ">", new Date())
    .executeTakeFirst();
}

export async function deleteInvitation(db: Kysely<DB>, organizationId: string, invitationId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("organization_invitations")
    .where("organization_id", "=", organizationId)
    .where("id", "=", invitationId)
    .where("accepted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Turns the pending invitations for a confirmed address into memberships,
 * in one statement, so two tabs opening the dashboard at once join once.
 */
export async function acceptInvitationsFor(db: Kysely<DB>, userId: string, email: string): Promise<void> {
  await sql`
    with accepted as (
      update organization_invitations set accepted_at = now()
      where email = ${email.toLowerCase()} and accepted_at is null and expires_at > now()
      returning organization_id, role
    )
    insert into organization_members (organization_id, user_id, role)
    select organization_id, ${userId}, role from accepted
    on conflict (organization_id, user_id) do nothing
  `.execute(db);
}

export async function hasPendingInvitations(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("organization_invitations")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .where("accepted_at", "is", null)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
  return Boolean(row);
}
