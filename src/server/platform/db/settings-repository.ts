import type { Kysely } from "kysely";
import type { DB } from "./schema.js";

// app_settings: small values every process must share (the signing secret,
// the demo links), written once.

/** Stores `value` under `key` unless a value is there already; returns the one kept. */
export async function keepFirstSetting(db: Kysely<DB>, key: string, value: string): Promise<string> {
  await db
    .insertInto("app_settings")
    .values({ key, value })
    .onConflict((c) => c.doNothing())
    .execute();
  return (await readSetting(db, key))!;
}

export async function readSetting(db: Kysely<DB>, key: string): Promise<string | null> {
  const row = await db.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? null;
}
