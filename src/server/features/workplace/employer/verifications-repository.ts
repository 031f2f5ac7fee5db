import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";

/** Adds the planned dates not yet listed (a date is listed once: the unique key settles two readers at once). */
export async function ensurePlanned(db: Kysely<DB>, organizationId: string, dates: string[]): Promise<void> {
  if (dates.length === 0) return;
  await db
    .insertInto("verification_schedules")
    .values(dates.map((date) => ({ id: randomUUID(), organization_id: organizationId, verification_date: date })))
    .onConflict((oc) => oc.columns(["organization_id", "verification_date"]).doNothing())
    .execute();
}

export async function listVerifications(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("verification_schedules")
    .select(["id", "verification_date", "responsible_person", "status", "done_at", "done_note"])
    .where("organization_id", "=", organizationId)
    .orderBy("verification_date")
    .execute();
}

export async function setResponsible(db: Kysely<DB>, organizationId: string, id: string, person: string): Promise<boolean> {
  const result = await db
    .updateTable("verification_schedules")
    .set({ responsible_person: person })
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markDone(db: Kysely<DB>, organizationId: string, id: string, note: string): Promise<boolean> {
  const result = await db
    .updateTable("verification_schedules")
    .set({ status: "done", done_at: new Date(), done_note: note || null })
    .where("organization_id", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
