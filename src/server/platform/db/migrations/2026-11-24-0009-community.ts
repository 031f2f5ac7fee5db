import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
//
// The community: the chat, the acts gallery (photos re-encoded by the server,
// stored by a storage driver under server-chosen keys), the journeys of
// portable cards with the people who follow them, reports and the official
// account's moderation record, and in-app notices.
export async function up(db: Kysely<any>): Promise<void> {
  // Counts are kept on the row (one like per person, kept in the same
  // transaction as the like), so the feed never counts likes per read.
  await db.schema
    .createTable("chat_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull().check(sql`char_length(body) between 1 and 1000`))
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("hidden_at", "timestamptz")
    .addColumn("hidden_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("hidden_reason", "text")
    .execute();
  await sql`create index chat_messages_feed_idx on chat_messages (created_at desc, id desc) where hidden_at is null`.execute(db);
  await sql`create index chat_messages_hidden_idx on chat_messages (hidden_at) where hidden_at is not null`.execute(db);
  await sql`create index chat_messages_author_idx on chat_messages (user_id, created_at)`.execute(db);
  await db.schema
    .createTable("chat_message_likes")
    .addColumn("message_id", "text", (c) => c.notNull().references("chat_messages.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("chat_message_likes_pk", ["message_id", "user_id"])
    .execute();
  await sql`create index chat_message_likes_time_idx on chat_message_likes (created_at)`.execute(db);

  await db.schema
    .createTable("gallery_posts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("caption", "text", (c) => c.notNull().check(sql`char_length(caption) between 1 and 500`))
    .addColumn("act_id", "text", (c) => c.references("acts.id").onDelete("set null"))
    .addColumn("image_key", "text", (c) => c.notNull())
    .addColumn("image_type", "text", (c) => c.notNull())
    .addColumn("image_width", "integer", (c) => c.notNull())
    .addColumn("image_height", "integer", (c) => c.notNull())
    .addColumn("thumb_key", "text", (c) => c.notNull())
    .addColumn("thumb_type", "text", (c) => c.notNull())
    .addColumn("thumb_width", "integer", (c) => c.notNull())
    .addColumn("thumb_height", "integer", (c) => c.notNull())
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("share_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("hidden_at", "timestamptz")
    .addColumn("hidden_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("hidden_reason", "text")
    .execute();
  await sql`create index gallery_posts_feed_idx on gallery_posts (created_at desc, id desc) where hidden_at is null`.execute(db);
  await sql`create index gallery_posts_hidden_idx on gallery_posts (hidden_at) where hidden_at is not null`.execute(db);
  await sql`create index gallery_posts_author_idx on gallery_posts (user_id)`.execute(db);
  await db.schema
    .createTable("gallery_post_likes")
    .addColumn("post_id", "text", (c) => c.notNull().references("gallery_posts.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("gallery_post_likes_pk", ["post_id", "user_id"])
    .execute();

  // One report per person per item; deleted with the item (no foreign key:
  // the item is a message or a post).
  await db.schema
    .createTable("content_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("content_type", "text", (c) => c.notNull().check(sql`content_type in ('message', 'post')`))
    .addColumn("content_id", "text", (c) => c.notNull())
    .addColumn("reporter_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("resolved_at", "timestamptz")
    .addColumn("resolved_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addUniqueConstraint("content_reports_once", ["content_type", "content_id", "reporter_id"])
    .execute();
  await sql`create index content_reports_open_idx on content_reports (created_at) where resolved_at is null`.execute(db);
  await sql`create index content_reports_item_idx on content_reports (content_type, content_id)`.execute(db);

  // The record of every hide and restore: who, why, when, and whose content.
  await db.schema
    .createTable("moderation_actions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("content_type", "text", (c) => c.notNull().check(sql`content_type in ('message', 'post')`))
    .addColumn("content_id", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('hide', 'restore')`))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("moderator_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index moderation_actions_item_idx on moderation_actions (content_type, content_id, created_at)`.execute(db);

  await db.schema.alterTable("users").addColumn("muted_until", "timestamptz").execute();
  await db.schema
    .alterTable("users")
    .addColumn("show_on_card_journeys", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();

  // A portable card's stop: the city it reached, already coarse when stored.
  await db.schema.alterTable("acts").addColumn("place_name", "text").execute();
  await sql`create index acts_card_journey_idx on acts (card_series_id, card_number, scanned_at) where card_type = 'portable'`.execute(db);

  await db.schema
    .createTable("card_followers")
    .addColumn("card_series_id", "text", (c) => c.notNull().references("card_series.id").onDelete("cascade"))
    .addColumn("card_number", "integer", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("by_email", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("card_followers_pk", ["card_series_id", "card_number", "user_id"])
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("read_at", "timestamptz")
    .execute();
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "notifications",
    "card_followers",
    "moderation_actions",
    "content_reports",
    "gallery_post_likes",
    "gallery_posts",
    "chat_message_likes",
    "chat_messages",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop index if exists acts_card_journey_idx`.execute(db);
  await db.schema.alterTable("acts").dropColumn("place_name").execute();
  await db.schema.alterTable("users").dropColumn("show_on_card_journeys").execute();
  await db.schema.alterTable("users").dropColumn("muted_until").execute();
}
