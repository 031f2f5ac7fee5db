import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * The giver hears back (issue 42 §2): notifications become per kind, each
 * with a push and an email choice, and reach phones by Web Push.
 *
 * - notification_preferences keeps only the choices a person made; the
 *   defaults live in code (shared/notifications.ts).
 * - push_subscriptions: one row per device that allowed notifications,
 *   removed when its push service answers 404 or 410.
 * - A card's travels go to every earlier holder who wants them, so following
 *   a card becomes the default and a holder may silence one card
 *   (card_mutes). Who followed a card by email keeps hearing by email.
 * - users.email_notifications (workplace surveys by email) becomes the
 *   workplace-surveys kind's email choice.
 * - card_travel_notices: at most one travels notice a day per card.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('push', 'email')`))
    .addColumn("enabled", "boolean", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_preferences_pkey", ["user_id", "kind", "channel"])
    .execute();

  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_sent_at", "timestamptz")
    .execute();
  await db.schema.createIndex("push_subscriptions_user_id").on("push_subscriptions").column("user_id").execute();

  await db.schema
    .createTable("card_mutes")
    .addColumn("card_series_id", "text", (c) => c.notNull().references("card_series.id").onDelete("cascade"))
    .addColumn("card_number", "integer", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("card_mutes_pkey", ["card_series_id", "card_number", "user_id"])
    .execute();

  await db.schema
    .createTable("card_travel_notices")
    .addColumn("card_series_id", "text", (c) => c.notNull().references("card_series.id").onDelete("cascade"))
    .addColumn("card_number", "integer", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addPrimaryKeyConstraint("card_travel_notices_pkey", ["card_series_id", "card_number", "day"])
    .execute();

  await sql`
    insert into notification_preferences (user_id, kind, channel, enabled)
    select distinct user_id, 'cardTravels', 'email', true from card_followers where by_email
  `.execute(db);
  await sql`
    insert into notification_preferences (user_id, kind, channel, enabled)
    select id, 'workplaceSurveys', 'email', true from users where email_notifications
  `.execute(db);
  await db.schema.dropTable("card_followers").execute();
  await db.schema.alterTable("users").dropColumn("email_notifications").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("email_notifications", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update users set email_notifications = true where id in (
      select user_id from notification_preferences where kind = 'workplaceSurveys' and channel = 'email' and enabled
    )
  `.execute(db);
  await db.schema
    .createTable("card_followers")
    .addColumn("card_series_id", "text", (c) => c.notNull().references("card_series.id").onDelete("cascade"))
    .addColumn("card_number", "integer", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("by_email", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("card_followers_pk", ["card_series_id", "card_number", "user_id"])
    .execute();
  await db.schema.dropTable("card_travel_notices").execute();
  await db.schema.dropTable("card_mutes").execute();
  await db.schema.dropTable("push_subscriptions").execute();
  await db.schema.dropTable("notification_preferences").execute();
}
