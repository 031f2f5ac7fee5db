import { sql, type Kysely } from "kysely";
import { prepared } from "../../platform/db/prepared.js";
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
 * commit (platform/live/publish.ts), in the same round trip. Null when the
 * item does not exist or is hidden (and nobody is told).
 */
export async function setLike(
  db: Kysely<DB>,
  kind: Kind,
  itemId: string,
  userId: string,
  liked: boolean,
  event: { channel: string; payload: CommunityEvent },
): Promise<number | null> {
  const { rows } = await STATEMENTS[kind][liked ? "like" : "unlike"].execute(db, {
    itemId,
    userId,
    channel: event.channel,
    payload: JSON.stringify(event.payload),
  });
  return rows[0] ? Number(rows[0].like_count) : null;
}

type Kind = Exclude<ContentType, "thanks" | "team">;
type LikeParams = { itemId: string; userId: string; channel: string; payload: string };

const likeStatement = (kind: Kind, liked: boolean) =>
  prepared<LikeParams>()(`${liked ? "like" : "unlike"}_${kind}`, (_, p) => {
    // writes: chat_message_likes, gallery_post_likes, chat_messages, gallery_posts
    const { items, likes, key } = TABLES[kind];
    const change = liked
      ? sql`insert into ${sql.table(likes)} (${sql.ref(key)}, user_id) select id, ${p.userId} from item on conflict do nothing returning 1`
      : sql`delete from ${sql.table(likes)} where ${sql.ref(key)} = (select id from item) and user_id = ${p.userId} returning 1`;
    return sql<{ like_count: number }>`
      with item as (select id from ${sql.table(items)} where id = ${p.itemId} and hidden_at is null),
           changed as (${change})
      update ${sql.table(items)} set like_count = like_count ${sql.raw(liked ? "+" : "-")} (select count(*) from changed)
      where id = (select id from item)
      returning like_count, pg_notify(${p.channel}, ${p.payload})`;
  });

/** One prepared statement per kind of content and direction. */
const STATEMENTS = {
  message: { like: likeStatement("message", true), unlike: likeStatement("message", false) },
  post: { like: likeStatement("post", true), unlike: likeStatement("post", false) },
};
