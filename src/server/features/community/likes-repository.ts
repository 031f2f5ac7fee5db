import { sql, type Kysely } from "kysely";
import { prepared } from "../../platform/db/prepared.js";
import {
  hitOf,
  limitHitCte,
  limitParams,
  withinLimit,
  type LimitInStatement,
  type LimitParams,
} from "../../platform/rate-limit/rate-limit-rules.js";
import type { ContentType, DB } from "../../platform/db/schema.js";
import type { CommunityEvent } from "../../../shared/schemas/community.js";

/** Where the likes of each kind of content are kept, and the item's count beside them. */
const TABLES = {
  message: { items: "chat_messages", likes: "chat_message_likes", key: "message_id" },
  post: { items: "gallery_posts", likes: "gallery_post_likes", key: "post_id" },
} as const;

/**
 * Likes or unlikes a visible message or post for one person, in one
 * statement: the like row's primary key makes a second like of the same
 * person a no-op, and the count moves by the rows really added or removed
 * (a concurrent update of the count waits for the row and adds to the
 * committed value); the event that tells every open page goes with it, at
 * commit (platform/live/publish.ts), and `limit`'s counter, in the same
 * round trip. Null when the item does not exist or is hidden (and nobody is
 * told); refused past the limit.
 */
export async function setLike(
  db: Kysely<DB>,
  kind: Kind,
  itemId: string,
  userId: string,
  liked: boolean,
  event: { channel: string; payload: CommunityEvent },
  limit: LimitInStatement | null,
): Promise<number | null> {
  const statement = STATEMENTS[kind][liked ? "like" : "unlike"][limit ? "limited" : "free"];
  const { rows } = await statement.execute(db, {
    itemId,
    userId,
    channel: event.channel,
    payload: JSON.stringify(event.payload),
    ...limitParams(limit),
  });
  const row = rows[0]!;
  limit?.check(hitOf(row));
  return row.like_count === null ? null : Number(row.like_count);
}

type Kind = Exclude<ContentType, "thanks" | "team">;
type LikeParams = { itemId: string; userId: string; channel: string; payload: string } & LimitParams;

const likeStatement = (kind: Kind, liked: boolean, limited: boolean) =>
  prepared<LikeParams>()(`${liked ? "like" : "unlike"}_${kind}${limited ? "_limited" : ""}`, (_, p) => {
    const { items, likes, key } = TABLES[kind];
    // writes: chat_message_likes, gallery_post_likes
    const change = liked
      ? sql`insert into ${sql.table(likes)} (${sql.ref(key)}, user_id) select id, ${p.userId} from item on conflict do nothing returning 1`
      : sql`delete from ${sql.table(likes)} where ${sql.ref(key)} = (select id from item) and user_id = ${p.userId} returning 1`;
    // writes: chat_messages, gallery_posts
    const count = sql`
      update ${sql.table(items)} set like_count = like_count ${sql.raw(liked ? "+" : "-")} (select count(*) from changed)
      where id = (select id from item)
      returning like_count, pg_notify(${p.channel}, ${p.payload})`;
    return sql<{ like_count: number | null; count: number | null; retry_after: number | null }>`
      with limit_hit as (${limitHitCte(p, limited)}),
           item as (select id from ${sql.table(items)} where id = ${p.itemId} and hidden_at is null and ${withinLimit(p, limited)}),
           changed as (${change}),
           counted as (${count})
      select c.like_count, h.count, h.retry_after from limit_hit h left join counted c on true`;
  });

/** One prepared statement per kind of content, direction, and whether the like's limit is counted in it. */
const STATEMENTS = Object.fromEntries(
  (["message", "post"] as const).map((kind) => [
    kind,
    {
      like: { free: likeStatement(kind, true, false), limited: likeStatement(kind, true, true) },
      unlike: { free: likeStatement(kind, false, false), limited: likeStatement(kind, false, true) },
    },
  ]),
) as Record<Kind, Record<"like" | "unlike", Record<"free" | "limited", ReturnType<typeof likeStatement>>>>;
