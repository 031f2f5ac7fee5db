import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { LEGAL_NAME_PURPOSE } from "../../../shared/workplace/learning.js";

type Reader = Kysely<DB> | Transaction<DB>;

export async function findLegalName(db: Reader, userId: string): Promise<string | null> {
  const row = await db.selectFrom("legal_names").select("legal_name").where("user_id", "=", userId).executeTakeFirst();
  return row?.legal_name ?? null;
}

/**
 * The person's legal name, read under a lock on changing it: two changes at
 * once (even a first one, with no row yet to lock) go one after the other.
 */
export async function lockLegalName(trx: Transaction<DB>, userId: string): Promise<string | null> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`legal name ${userId}`}, 0))`.execute(trx);
  return findLegalName(trx, userId);
}

/** Records or replaces the person's legal name, with the one purpose it is kept for. */
export async function upsertLegalName(trx: Transaction<DB>, userId: string, legalName: string): Promise<void> {
  await trx
    .insertInto("legal_names")
    .values({ user_id: userId, legal_name: legalName, purpose: LEGAL_NAME_PURPOSE })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ legal_name: legalName, updated_at: sql<Date>`now()` }))
    .execute();
}
