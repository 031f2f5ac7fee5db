import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";
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
  }>`${thankableAct(actId, userId)}`.execute(db);
  return rows[0];
}

const thankableAct = (actId: unknown, userId: unknown) => sql`
  select a.id,
    (select p.user_id from ${publishedActs.sql} p
      -- The card's acts, through the card journeys' (portable-only) index.
      where p.card_type = 'portable' and p.card_series_id = a.card_series_id and p.card_number = a.card_number
        and p.user_id is not null and p.user_id <> a.user_id and p.scanned_at < a.scanned_at
      order by p.scanned_at desc limit 1) as giver_id,
    exists (select 1 from thanks t where t.act_id = a.id) as thanked,
    s.name as card_name, s.name_translations as card_translations
  from ${publishedActs.sql} a join ${publishedCardSeries.sql} s on s.id = a.card_series_id
  where a.id = ${actId} and a.user_id = ${userId} and a.card_type = 'portable' and a.card_number is not null`;

/** Locks the sender's row (their thanks are counted one at a time); returns their username and how long they are muted. */
export async function lockSender(trx: Transaction<DB>, userId: string): Promise<{ username: string; mutedUntil: Date | null }> {
  const row = await lockPerson(trx, userId, "no key update");
  return { username: row.username, mutedUntil: row.muted_until ? new Date(row.muted_until) : null };
}

export interface RecordedThanks {
  /** Whether the thanks was written. */
  sent: boolean;
  /** Null when the act is not the sender's portable-card act. */
  act: { giver_id: string | null; thanked: boolean; card_name: string; card_translations: Partial<Record<string, string>> } | null;
  /** Thanks the sender sent since `since`, before this one. */
  sentSince: number;
}

type RecordParams = {
  id: string;
  actId: string;
  userId: string;
  message: string;
  showUsername: boolean;
  mayPost: boolean;
  since: Date;
  limit: number;
  channel: string;
};

/**
 * Writes the thanks, under the sender's lock (lockSender), in one prepared
 * statement: only for the sender's own portable-card act, with someone who
 * held the card before them, not thanked yet (the unique index settles two
 * at once), when they may post and are under the day's `limit`; the giver's
 * open pages hear it at commit. What it read tells the caller why not.
 */
export async function recordThanks(trx: Transaction<DB>, params: RecordParams): Promise<RecordedThanks> {
  const { rows } = await record.execute(trx, params);
  const row = rows[0]!;
  return {
    sent: row.sent,
    act:
      row.card_name === null
        ? null
        : { giver_id: row.giver_id, thanked: row.thanked!, card_name: row.card_name, card_translations: row.card_translations! },
    sentSince: row.sent_since,
  };
}

// writes: thanks
const record = prepared<RecordParams>()(
  "thanks_record",
  (_, p) => sql<{
    sent: boolean;
    giver_id: string | null;
    thanked: boolean | null;
    card_name: string | null;
    card_translations: Partial<Record<string, string>> | null;
    sent_since: number;
  }>`
    with act as (${thankableAct(p.actId, p.userId)}),
    sent_since as (select count(*)::int as n from thanks where user_id = ${p.userId} and created_at >= ${p.since}),
    inserted as (
      insert into thanks (id, act_id, user_id, giver_id, message, show_username)
      select ${p.id}, act.id, ${p.userId}, act.giver_id, ${p.message}, ${p.showUsername}
      from act, sent_since
      where act.giver_id is not null and not act.thanked and ${p.mayPost}::boolean and sent_since.n < ${p.limit}::int
      on conflict (act_id) do nothing
      returning giver_id
    ), told as (
      -- Delivered at commit, to the giver's open pages only (live-routes.ts).
      select pg_notify(${p.channel}, json_build_object('type', 'personal', 'to', giver_id, 'what', 'thanks')::text) from inserted
    )
    select exists (select 1 from inserted) as sent, act.giver_id, act.thanked, act.card_name, act.card_translations,
           sent_since.n as sent_since, (select count(*) from told) as told
    from sent_since left join act on true`,
);

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
