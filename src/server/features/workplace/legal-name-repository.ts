import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { DB } from "../../platform/db/schema.js";

type Reader = Kysely<DB> | Transaction<DB>;

export async function findLegalName(db: Reader, userId: string): Promise<string | null> {
  const row = await db.selectFrom("legal_names").select("legal_name").where("user_id", "=", userId).executeTakeFirst();
  return row?.legal_name ?? null;
}

/** Records or replaces the person's legal name, with the one purpose it is kept for. */
export async function upsertLegalName(trx: Transaction<DB>, userId: string, legalName: string): Promise<void> {
  await trx
    .insertInto("legal_names")
    .values({ user_id: userId, legal_name: legalName, purpose: "certificates" })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ legal_name: legalName, updated_at: sql<Date>`now()` }))
    .execute();
}

/** Every certificate the person holds carries the name from now on (codes unchanged). */
export async function renameCertificateHolder(trx: Transaction<DB>, userId: string, legalName: string): Promise<void> {
  await trx.updateTable("certificates").set({ holder_name: legalName }).where("user_id", "=", userId).execute();
}
