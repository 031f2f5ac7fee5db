import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { lockPerson } from "../users/index.js";
import { people } from "../users/read-models.js";
import { publishedActs } from "../scan/read-models.js";
import { publishedCardSeries } from "../organizations/read-models.js";

/**
 * The person's own portable-card act, with whoever held that card just
 * before them (the previous act on the same card by someone else), and
 * whether it was thanked already.
 */
export async function findThankableAct(db: Kysely<DB>, actId: string, userId: string) {
  const { rows } = await sql<{
    id: string;
    giver_id: string | null;
    thanked: boolean;
    card_name: string;
    card_translations: Partial<Record<string, string>>;
  }>`
    select a.id,
      (select p.user_id from ${publishedActs.sql} p
        -- The card's acts, through the card journeys' (portable-only) index.
        where p.card_type = 'portable' and p.card_series_id = a.card_series_id and p.card_number = a.card_number
          and p.user_id is not null and p.user_id <> a.user_id and p.scanned_at < a.scanned_at
        order by p.scanned_at desc limit 1) as giver_id,
      exists (select 1 from thanks t where t.act_id = a.id) as thanked,
      s.name as card_name, s.name_translations as card_translations
    from ${publishedActs.sql} a join ${publishedCardSeries.sql} s on s.id = a.card_series_id
    where a.id = ${actId} and a.user_id = ${userId} and a.card_type = 'portable' and a.card_number is not null
  `.execute(db);
  return rows[0];
}

/** One thanks per act: the unique index decides between two at once (false for the second). */
export async function insertThanks(
  trx: Transaction<DB>,
  row: { id: string; act_id: string; user_id: string; giver_id: string; message: string; show_username: boolean },
): Promise<boolean> {
  const inserted = await trx
    .insertInto("thanks")
    .values(row)
    .onConflict((c) => c.column("act_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Thanks sent by the person since `since` (the daily limit counts them under the person's lock). */
export async function countSentSince(trx: Transaction<DB>, userId: string, since: Date): Promise<number> {
  const row = await trx
    .selectFrom("thanks")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Locks the sender's row (their thanks are counted one at a time); returns their username. */
export async function lockUser(trx: Transaction<DB>, userId: string): Promise<string> {
  const row = await lockPerson(trx, userId, "no key update");
  return row.username;
}

/** The thanks a giver received and may see (not hidden), newest first, and how many people thanked them. */
export async function listReceived(db: Kysely<DB>, giverId: string, limit: number) {
  const [items, count] = await Promise.all([
    db
      .selectFrom("thanks as t")
      .innerJoin(publishedActs.from(db).as("a"), "a.id", "t.act_id")
      .innerJoin(publishedCardSeries.from(db).as("s"), "s.id", "a.card_series_id")
      .innerJoin(people.from(db).as("u"), "u.id", "t.user_id")
      .select([
        "t.id",
        "t.message",
        "t.show_username",
        "t.created_at",
        "u.username",
        "u.deletion_requested_at",
        "s.name as card_name",
        "s.name_translations as card_translations",
      ])
      .where("t.giver_id", "=", giverId)
      .where("t.hidden_at", "is", null)
      .orderBy("t.created_at", "desc")
      .orderBy("t.id")
      .limit(limit)
      .execute(),
    // "N people thanked you": each sender once, whatever moderation later hid of their note.
    db
      .selectFrom("thanks")
      .select((eb) => eb.fn.count<string>("user_id").distinct().as("n"))
      .where("giver_id", "=", giverId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, count: Number(count.n) };
}

/** A thanks its giver may report: only the person it was sent to ever sees it. */
export async function isReceivedBy(db: Kysely<DB>, thanksId: string, giverId: string): Promise<boolean> {
  const row = await db.selectFrom("thanks").select("id").where("id", "=", thanksId).where("giver_id", "=", giverId).executeTakeFirst();
  return row !== undefined;
}
