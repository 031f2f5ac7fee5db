import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";
import { publishedOrganizations } from "../organizations/read-models.js";

type Reader = Kysely<DB> | Transaction<DB>;

/** The person's employer in the workplace area, if they unlocked it. */
export async function findAccess(db: Reader, userId: string): Promise<{ organizationId: string; employerName: string } | undefined> {
  return db
    .selectFrom("workplace_access as a")
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "a.organization_id")
    .select(["a.organization_id as organizationId", "o.name as employerName"])
    .where("a.user_id", "=", userId)
    .executeTakeFirst();
}

/**
 * Counts one use of a code if it can be used now: active, uses left, not
 * expired. The row lock taken by this update makes simultaneous employees
 * wait for each other, so the last use goes to exactly one of them.
 */
export async function claimCodeUse(trx: Transaction<DB>, code: string): Promise<{ id: string; organizationId: string } | undefined> {
  return trx
    .updateTable("workplace_access_codes")
    .set({ current_uses: sql`current_uses + 1` })
    .where("code", "=", code)
    .where("is_active", "=", true)
    .where("current_uses", "<", sql<number>`max_uses`)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", sql<Date>`now()`)]))
    .returning(["id", "organization_id as organizationId"])
    .executeTakeFirst();
}

/** Why a code could not be used (read after the claim failed). */
export async function findCode(db: Reader, code: string) {
  return db
    .selectFrom("workplace_access_codes")
    .select(["is_active", "max_uses", "current_uses", sql<boolean>`expires_at is not null and expires_at <= now()`.as("expired")])
    .where("code", "=", code)
    .executeTakeFirst();
}

/** Grants access; false when the person already holds access (to any employer). */
export async function insertAccess(trx: Transaction<DB>, userId: string, organizationId: string, codeId: string): Promise<boolean> {
  const row = await trx
    .insertInto("workplace_access")
    .values({ user_id: userId, organization_id: organizationId, access_code_id: codeId })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Access granted by the employer's staff directory (no code); nothing changes when the person already holds it. */
export async function grantAccess(trx: Transaction<DB>, userId: string, organizationId: string): Promise<void> {
  await trx
    .insertInto("workplace_access")
    .values({ user_id: userId, organization_id: organizationId, access_code_id: null })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export async function insertCode(
  db: Kysely<DB>,
  values: { id: string; organizationId: string; code: string; maxUses: number; expiresAt: Date | null; createdBy: string },
): Promise<void> {
  await db
    .insertInto("workplace_access_codes")
    .values({
      id: values.id,
      organization_id: values.organizationId,
      code: values.code,
      max_uses: values.maxUses,
      expires_at: values.expiresAt,
      created_by: values.createdBy,
    })
    .execute();
}

export async function listCodes(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("workplace_access_codes")
    .select(["id", "code", "max_uses", "current_uses", "expires_at", "is_active", "created_at"])
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export async function deactivateCode(db: Kysely<DB>, organizationId: string, codeId: string): Promise<boolean> {
  const result = await db
    .updateTable("workplace_access_codes")
    .set({ is_active: false })
    .where("id", "=", codeId)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listEmployees(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("workplace_access as a")
    .innerJoin(people.from(db).as("u"), "u.id", "a.user_id")
    .select(["a.user_id", "u.username", "a.granted_at"])
    .where("a.organization_id", "=", organizationId)
    .orderBy("a.granted_at", "desc")
    .orderBy("a.user_id")
    .execute();
}

export async function removeEmployee(db: Reader, organizationId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("workplace_access")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The headcount survey participation is computed over: the active people of
 * the employer's staff directory while one is connected and lists anyone
 * (issue 47 §2), otherwise the employees holding access.
 */
export async function countEmployees(db: Reader, organizationId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select case
      when exists (select 1 from staff_directory_tokens where organization_id = ${organizationId})
       and exists (select 1 from staff_directory_people where organization_id = ${organizationId})
      then (select count(*) from staff_directory_people where organization_id = ${organizationId} and active)
      else (select count(*) from workplace_access where organization_id = ${organizationId})
    end as n
  `.execute(db);
  return Number(rows[0]!.n);
}
