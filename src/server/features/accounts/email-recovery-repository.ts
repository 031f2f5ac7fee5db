import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";

/*
 * Two single-use links share this table: the recovery link, mailed to the
 * account's address (`new_email` null), and the change link, mailed to the
 * address it moves to (`new_email` set). Neither is ever taken for the other.
 */

export async function insertRecoveryToken(
  db: Kysely<DB>,
  tokenHash: string,
  userId: string,
  validMinutes: number,
  newEmail: string | null = null,
): Promise<void> {
  await db
    .insertInto("email_recovery_tokens")
    .values({
      token_hash: tokenHash,
      user_id: userId,
      new_email: newEmail,
      expires_at: sql`now() + make_interval(mins => ${validMinutes})`,
    })
    .execute();
}

/** A token counts only while unused and unexpired; `change` picks the change links, otherwise the recovery links. */
export async function findLiveToken(db: Kysely<DB>, tokenHash: string, options: { forUpdate?: boolean; change?: boolean } = {}) {
  let query = db
    .selectFrom("email_recovery_tokens as t")
    .innerJoin(people.from(db).as("u"), "u.id", "t.user_id")
    .select(["t.user_id", "t.new_email", "u.email", "u.username", "u.language_preference"])
    .where("t.token_hash", "=", tokenHash)
    .where("t.new_email", options.change ? "is not" : "is", null)
    .where("t.used_at", "is", null)
    .where("t.expires_at", ">", sql<Date>`now()`);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markTokenUsed(trx: Transaction<DB>, tokenHash: string): Promise<void> {
  await trx
    .updateTable("email_recovery_tokens")
    .set({ used_at: sql`now()` })
    .where("token_hash", "=", tokenHash)
    .execute();
}
