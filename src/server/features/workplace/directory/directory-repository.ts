import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { DB, StaffDirectoryPeopleTable } from "../../../platform/db/schema.js";
import { people } from "../../users/read-models.js";
import { publishedOrganizations } from "../../organizations/read-models.js";

type Reader = Kysely<DB> | Transaction<DB>;
export type DirectoryPerson = Selectable<StaffDirectoryPeopleTable>;

/** What the provider sends of a person, as stored. */
export interface DirectoryFields {
  userName: string;
  externalId: string | null;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  active: boolean;
}

const columns = (fields: DirectoryFields) => ({
  user_name: fields.userName,
  external_id: fields.externalId,
  email: fields.email,
  given_name: fields.givenName,
  family_name: fields.familyName,
  display_name: fields.displayName,
  active: fields.active,
});

/** The organisation a bearer token belongs to; its use is noted (the employer sees when the provider last called). */
export async function organizationOfToken(db: Kysely<DB>, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable("staff_directory_tokens")
    .set({ last_used_at: sql`now()` })
    .where("token_hash", "=", tokenHash)
    .returning("organization_id")
    .executeTakeFirst();
  return row?.organization_id;
}

export async function findToken(db: Reader, organizationId: string) {
  return db
    .selectFrom("staff_directory_tokens")
    .select(["created_at", "last_used_at"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
}

/** A new token replaces the organisation's old one. */
export async function saveToken(db: Kysely<DB>, organizationId: string, tokenHash: string, createdBy: string): Promise<void> {
  await db
    .insertInto("staff_directory_tokens")
    .values({ organization_id: organizationId, token_hash: tokenHash, created_by: createdBy })
    .onConflict((oc) =>
      oc
        .column("organization_id")
        .doUpdateSet({ token_hash: tokenHash, created_by: createdBy, created_at: sql`now()`, last_used_at: null }),
    )
    .execute();
}

export async function deleteToken(db: Kysely<DB>, organizationId: string): Promise<boolean> {
  const result = await db.deleteFrom("staff_directory_tokens").where("organization_id", "=", organizationId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function countPeople(db: Reader, organizationId: string) {
  const row = await db
    .selectFrom("staff_directory_people")
    .select([
      sql<number>`count(*) filter (where active)`.as("active"),
      sql<number>`count(*) filter (where not active)`.as("inactive"),
      sql<number>`count(*) filter (where active and user_id is not null)`.as("linked"),
    ])
    .where("organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return { active: Number(row.active), inactive: Number(row.inactive), linked: Number(row.linked) };
}

export async function findPerson(db: Reader, organizationId: string, id: string): Promise<DirectoryPerson | undefined> {
  return db
    .selectFrom("staff_directory_people")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Every person of the organisation, or those whose userName or externalId equals the value (the lookups providers make before a create). */
export async function listPeople(
  db: Reader,
  organizationId: string,
  equals?: { attribute: "userName" | "externalId"; value: string },
): Promise<DirectoryPerson[]> {
  let query = db.selectFrom("staff_directory_people").selectAll().where("organization_id", "=", organizationId);
  // userName is not case-exact in SCIM (RFC 7643 §4.1.1); externalId is.
  if (equals?.attribute === "userName") query = query.where(sql`lower(user_name)`, "=", equals.value.toLowerCase());
  if (equals?.attribute === "externalId") query = query.where("external_id", "=", equals.value);
  return query.orderBy("created_at").orderBy("id").execute();
}

/** Locks the person for a change (a PATCH reads, then writes). */
export async function lockPerson(trx: Transaction<DB>, organizationId: string, id: string): Promise<DirectoryPerson | undefined> {
  return trx
    .selectFrom("staff_directory_people")
    .selectAll()
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Undefined when the userName is taken in the organisation (whatever its case). */
export async function insertPerson(
  trx: Transaction<DB>,
  organizationId: string,
  id: string,
  fields: DirectoryFields,
): Promise<DirectoryPerson | undefined> {
  return trx
    .insertInto("staff_directory_people")
    .values({ id, organization_id: organizationId, ...columns(fields) })
    .onConflict((oc) => oc.expression(sql`organization_id, lower(user_name)`).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function userNameTaken(trx: Transaction<DB>, organizationId: string, userName: string, exceptId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("staff_directory_people")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where(sql`lower(user_name)`, "=", userName.toLowerCase())
    .where("id", "!=", exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** `resetInvitation`: the address changed, so the one asked before (and their answer) no longer stands. */
export async function updatePerson(
  trx: Transaction<DB>,
  id: string,
  fields: DirectoryFields,
  options: { resetInvitation?: boolean } = {},
): Promise<DirectoryPerson> {
  return trx
    .updateTable("staff_directory_people")
    .set({
      ...columns(fields),
      version: sql`version + 1`,
      updated_at: sql`now()`,
      ...(options.resetInvitation ? { invited_at: null, declined_at: null } : {}),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deletePerson(trx: Transaction<DB>, organizationId: string, id: string): Promise<DirectoryPerson | undefined> {
  return trx
    .deleteFrom("staff_directory_people")
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** Whether another entry of the organisation's directory is already this account. */
export async function isLinked(trx: Transaction<DB>, organizationId: string, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("staff_directory_people")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function linkPerson(trx: Transaction<DB>, id: string, userId: string): Promise<void> {
  await trx.updateTable("staff_directory_people").set({ user_id: userId }).where("id", "=", id).execute();
}

export async function markInvited(trx: Transaction<DB>, id: string): Promise<void> {
  await trx
    .updateTable("staff_directory_people")
    .set({ invited_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

export async function organizationName(db: Reader, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom(publishedOrganizations.from(db).as("o"))
    .select("o.name")
    .where("o.id", "=", organizationId)
    .executeTakeFirst();
  return row?.name ?? "";
}

/** Entries a person may say yes to: active, not linked, not declined, listing this address, in a connected directory. */
const openInvitations = (db: Reader, email: string) =>
  db
    .selectFrom("staff_directory_people as p")
    .innerJoin("staff_directory_tokens as t", "t.organization_id", "p.organization_id")
    .where(sql`lower(p.email)`, "=", email.toLowerCase())
    .where("p.user_id", "is", null)
    .where("p.active", "=", true)
    .where("p.declined_at", "is", null);

/** The first such entry, with its employer's name. */
export async function invitationFor(db: Reader, email: string) {
  return openInvitations(db, email)
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "p.organization_id")
    .select(["p.id", "o.name as employer_name"])
    .orderBy("p.created_at")
    .executeTakeFirst();
}

export async function lockInvitation(trx: Transaction<DB>, email: string, id: string): Promise<DirectoryPerson | undefined> {
  return openInvitations(trx, email).selectAll("p").where("p.id", "=", id).forUpdate("p").executeTakeFirst();
}

export async function declineInvitation(db: Kysely<DB>, email: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable("staff_directory_people")
    .set({ declined_at: sql`now()` })
    .where("id", "=", id)
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .where("user_id", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The account that verified this address, if any (never a deleted one). */
export async function accountWithVerifiedEmail(db: Reader, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom(people.from(db).as("u"))
    .select("u.id")
    .where(sql`lower(u.email)`, "=", email.toLowerCase())
    .where("u.email_verified", "=", true)
    .where("u.purged_at", "is", null)
    .executeTakeFirst();
  return row?.id;
}

export async function verifiedEmailOf(db: Reader, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom(people.from(db).as("u"))
    .select("u.email")
    .where("u.id", "=", userId)
    .where("u.email_verified", "=", true)
    .executeTakeFirst();
  return row?.email;
}

/** The organisation's directory entry for this account: linked to it, or not yet linked and listing its verified email. */
export async function entryForAccount(trx: Transaction<DB>, organizationId: string, userId: string): Promise<DirectoryPerson | undefined> {
  return trx
    .selectFrom("staff_directory_people as p")
    .innerJoin("staff_directory_tokens as t", "t.organization_id", "p.organization_id")
    .selectAll("p")
    .where("p.organization_id", "=", organizationId)
    .where((eb) =>
      eb.or([
        eb("p.user_id", "=", userId),
        eb.and([
          eb("p.user_id", "is", null),
          eb(
            sql`lower(p.email)`,
            "=",
            eb
              .selectFrom(people.from(trx).as("u"))
              .select(sql<string>`lower(u.email)`.as("email"))
              .where("u.id", "=", userId)
              .where("u.email_verified", "=", true),
          ),
        ]),
      ]),
    )
    .orderBy(sql`p.user_id is null`)
    .executeTakeFirst();
}
