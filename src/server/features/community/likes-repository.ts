import { sql, type Kysely } from "kysely";
import type { ContentType, DB } from "../../platform/db/schema.js";

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
 * committed value). Null when the item does not exist or is hidden.
 */
export async function setLike(
  db: Kysely<DB>,
  kind: Exclude<ContentType, "thanks" | "team">,
  itemId: string,
  userId: string,
  liked: boolean,
): Promise<number | null> {
  // writes: chat_message_likes, gallery_post_likes, chat_messages, gallery_posts
  const { items, likes, key } = TABLES[kind];
  const change = liked
    ? sql`insert into ${sql.table(likes)} (${sql.ref(key)}, user_id) select id, ${userId} from item on conflict do nothing returning 1`
    : sql`delete from ${sql.table(likes)} where ${sql.ref(key)} = (select id from item) and user_id = ${userId} returning 1`;
  const { rows } = await sql<{ like_count: number }>`
    with item as (select id from ${sql.table(items)} where id = ${itemId} and hidden_at is null),
         changed as (${change})
    update ${sql.table(items)} set like_count = like_count ${sql.raw(liked ? "+" : "-")} (select count(*) from changed)
    where id = (select id from item)
    returning like_count
  `.execute(db);
  return rows[0] ? Number(rows[0].like_count) : null;
}
