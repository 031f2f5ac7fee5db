import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";

export async function insertExport(db: Kysely<DB>, id: string, userId: string): Promise<void> {
  await db.insertInto("data_exports").values({ id, user_id: userId, status: "building" }).execute();
}

export async function setProgress(db: Kysely<DB>, id: string, progress: number): Promise<void> {
  await db.updateTable("data_exports").set({ progress }).where("id", "=", id).where("status", "=", "building").execute();
}

export async function markReady(
  db: Kysely<DB>,
  id: string,
  storageKey: string,
  sizeBytes: number,
  readyAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable("data_exports")
    .set({ status: "ready", progress: 100, storage_key: storageKey, size_bytes: sizeBytes, ready_at: readyAt, expires_at: expiresAt })
    .where("id", "=", id)
    .execute();
}

export async function markFailed(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable("data_exports").set({ status: "failed" }).where("id", "=", id).execute();
}

export async function latestExport(db: Kysely<DB>, userId: string) {
  return db.selectFrom("data_exports").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").limit(1).executeTakeFirst();
}

export async function findExport(db: Kysely<DB>, userId: string, id: string) {
  return db.selectFrom("data_exports").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

/** Archives past their 24 hours (their files are removed, the rows kept as "expired"). */
export async function expiredExports(db: Kysely<DB>, now: Date) {
  return db
    .selectFrom("data_exports")
    .select(["id", "storage_key"])
    .where("expires_at", "<", now)
    .where("storage_key", "is not", null)
    .execute();
}

export async function forgetExportFile(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable("data_exports").set({ storage_key: null }).where("id", "=", id).execute();
}
