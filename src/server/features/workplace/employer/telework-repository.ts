import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { people } from "../../users/read-models.js";

export async function setRemoteFlag(db: Kysely<DB>, userId: string, remote: boolean): Promise<void> {
  await db.updateTable("workplace_access").set({ remote_work: remote }).where("user_id", "=", userId).execute();
}

export async function remoteFlag(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("workplace_access").select("remote_work").where("user_id", "=", userId).executeTakeFirst();
  return row?.remote_work ?? false;
}

/** Employees of this organisation holding access who declared remote work, by username. */
export async function remoteEmployees(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("workplace_access as a")
    .innerJoin(people.from(db).as("u"), "u.id", "a.user_id")
    .select(["a.user_id", "u.username"])
    .where("a.organization_id", "=", organizationId)
    .where("a.remote_work", "=", true)
    .orderBy("u.username")
    .execute();
}

export async function isRemoteEmployee(db: Kysely<DB>, organizationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("workplace_access")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("remote_work", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inclusion actions of an organisation, newest first. */
export async function inclusionActions(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("telework_inclusion_actions")
    .select(["id", "user_id", "action", "created_at"])
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "desc")
    .execute();
}

export async function insertInclusionAction(
  db: Kysely<DB>,
  row: { organizationId: string; userId: string; action: string; createdBy: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("telework_inclusion_actions")
    .values({ id, organization_id: row.organizationId, user_id: row.userId, action: row.action, created_by: row.createdBy })
    .execute();
  return id;
}
