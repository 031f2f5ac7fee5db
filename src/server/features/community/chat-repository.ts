import { sql, type Kysely, type Transaction } from "kysely";
import {
  hitOf,
  limitHitCte,
  limitParams,
  withinLimit,
  type LimitInStatement,
  type LimitParams,
} from "../../platform/rate-limit/rate-limit-rules.js";
import { prepared } from "../../platform/db/prepared.js";
import type { DB } from "../../platform/db/schema.js";
import { olderThan, type FeedCursor } from "../../platform/db/keyset.js";
import { RECENT_ACTIVITY_HOURS } from "../../../shared/constants.js";
import { people } from "../users/read-models.js";

export interface MessageRow {
  id: string;
  user_id: string;
  username: string;
  body: string;
  like_count: number;
  created_at: Date;
}

/** Visible messages, newest first, as everyone sees them (a reader's likes: `likedAmong`). */
export async function listMessages(db: Kysely<DB>, options: { before: FeedCursor | null; limit: number }): Promise<MessageRow[]> {
  let query = db
    .selectFrom("chat_messages as m")
    .innerJoin(people.from(db).as("u"), "u.id", "m.user_id")
    .select(["m.id", "m.user_id", "u.username", "m.body", "m.like_count", "m.created_at"])
    .where("m.hidden_at", "is", null)
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(options.limit);
  if (options.before) query = query.where(olderThan("m", options.before));
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at), like_count: Number(row.like_count) }));
}

/** Which of these messages the person liked. */
export async function likedAmong(db: Kysely<DB>, userId: string, messageIds: string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("chat_message_likes")
    .select("message_id")
    .where("user_id", "=", userId)
    .where("message_id", "in", messageIds)
    .execute();
  return new Set(rows.map((row) => row.message_id));
}

/**
 * Posts the message unless its author is muted or, with `limit`, past the
 * chat's limit (counted in the same statement: one round trip, one commit),
 * and tells every server at commit. `sent` is null when not posted; `hit`
 * says how the limit's counter stood.
 */
export async function insertMessage(
  db: Kysely<DB>,
  message: { id: string; userId: string; body: string },
  notify: { channel: string; payload: string },
  limit: LimitInStatement | null,
): Promise<{ sent: { created_at: Date; username: string } | null; hit: { count: number; retry_after: number } | undefined }> {
  const { rows } = await (limit ? postLimited : post).execute(db, { ...message, ...notify, ...limitParams(limit) });
  const row = rows[0];
  return { sent: row?.created_at ? { created_at: new Date(row.created_at), username: row.username! } : null, hit: hitOf(row) };
}

type PostParams = { id: string; userId: string; body: string; channel: string; payload: string } & LimitParams;

const postMessage = (p: PostParams, limited: boolean) => sql<{
  created_at: Date | null;
  username: string | null;
  count: number | null;
  retry_after: number | null;
}>`
  with limit_hit as (${limitHitCte(p, limited)}),
  author as (
    select id, username from ${people.sql} people
    where id = ${p.userId} and (muted_until is null or muted_until <= now()) and ${withinLimit(p, limited)}
  ), inserted as (
    insert into chat_messages (id, user_id, body) select ${p.id}, id, ${p.body} from author returning created_at
  ), notified as (
    select pg_notify(${p.channel}, ${p.payload}) from inserted
  )
  select i.created_at, a.username, h.count, h.retry_after
  from limit_hit h left join (inserted i cross join author a cross join (select count(*) from notified) as n) on true`;
const post = prepared<PostParams>()("chat_post", (_, p) => postMessage(p, false));
const postLimited = prepared<PostParams>()("chat_post_limited", (_, p) => postMessage(p, true));

export async function authorOf(db: Kysely<DB> | Transaction<DB>, messageId: string): Promise<string | null> {
  const row = await db.selectFrom("chat_messages").select("user_id").where("id", "=", messageId).executeTakeFirst();
  return row?.user_id ?? null;
}

export async function deleteMessage(trx: Transaction<DB>, messageId: string): Promise<void> {
  await trx.deleteFrom("chat_messages").where("id", "=", messageId).execute();
}

/**
 * The chat's two tiles: members who wrote or liked in the last RECENT_ACTIVITY_HOURS, and
 * visible messages since midnight in New York.
 */
export async function chatStats(db: Kysely<DB>, now: Date, dayStart: Date): Promise<{ activeMembers: number; messagesToday: number }> {
  const since = new Date(now.getTime() - RECENT_ACTIVITY_HOURS * 3_600_000);
  const { rows } = await sql<{ active_members: string; messages_today: string }>`
    select
      (select count(*) from (
        select user_id from chat_messages where created_at > ${since}
        union
        select user_id from chat_message_likes where created_at > ${since}
      ) as active) as active_members,
      (select count(*) from chat_messages where created_at >= ${dayStart} and hidden_at is null) as messages_today
  `.execute(db);
  return { activeMembers: Number(rows[0]!.active_members), messagesToday: Number(rows[0]!.messages_today) };
}
