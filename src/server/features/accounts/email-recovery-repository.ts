import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";

export async function insertRecoveryToken(db: Kysely<DB>, tokenHash: string, userId: string, validMinutes: number): Promise<void> {
  await db
    .insertInto("email_recovery_tokens")
    .values({ token_hash: tokenHash, user_id: userId, expires_at: sql`now() + make_interval(mins => ${validMinutes})` })
    .execute();
}

/** A token counts only while unused and unexpired. */
export async function findLiveToken(db: Kysely<DB>, tokenHash: string, forUpdate = false) {
  let query = db
    .selectFrom("email_recovery_tokens as t")
    .innerJoin(people.from(db).as("u"), "u.id", "t.user_id")
    .select(["t.user_id", "u.email", "u.username", "u.language_preference"])
    .where("t.token_hash", "=", tokenHash)
    .where("t.used_at", "is", null)
    .where("t.expires_at", ">", sql<Date>`now()`);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markTokenUsed(trx: Transaction<DB>, tokenHash: string): Promise<void> {
  await trx
    .updateTable("email_recovery_tokens")
    .set({ used_at: sql`now()` })
    .where("token_hash", "=", tokenHash)
    .execute();
}
