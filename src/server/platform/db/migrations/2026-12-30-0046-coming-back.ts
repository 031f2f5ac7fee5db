import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Coming back (issue 60 §2, §3, §5):
 * - reminder_offers: the streak reminder offered after an act, and the
 *   person's answer; a "not now" is remembered (how many, and on which New
 *   York day), so the offer comes back once at most, on a streak's 2nd day.
 * - email_pauses: "Pause for a week" from a reminder's or a news email's
 *   one-tap link, per kind; the choice itself stays as it was.
 * - dev_outbox.headers: the development outbox shows each mail's headers
 *   (List-Unsubscribe, List-Unsubscribe-Post among them).
 * - streak_freeze_notices: the day a freeze covered, told once to a person
 *   whose streak reminder is on ("A freeze kept your streak yesterday").
 * - travel_email_days, pending_travel_news: a card's travels reach a
 *   person by email at most once a day; news after the first of the day
 *   waits for the next morning's digest.
 * - card_series.name_translations: a series' name in the other languages,
 *   by language code, for readers of those ("Pass-it-on cards" beside
 *   "Cartes à faire circuler"); `name` stays the one written first.
 * - team_members.display_name: the name teammates see, chosen on joining
 *   (private to the team; the public boards keep their own rules).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reminder_offers")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("declines", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_declined_day", "date")
    .addColumn("accepted_at", "timestamptz")
    .execute();
  await db.schema
    .createTable("email_pauses")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("until", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("email_pauses_pkey", ["user_id", "kind"])
    .execute();
  await sql`alter table dev_outbox add column headers jsonb not null default '{}'::jsonb`.execute(db);
  await sql`alter table team_members add column display_name text`.execute(db);
  await sql`alter table card_series add column name_translations jsonb not null default '{}'::jsonb`.execute(db);
  await db.schema
    .createTable("streak_freeze_notices")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("covered_day", "date", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("streak_freeze_notices_pkey", ["user_id", "covered_day"])
    .execute();
  await db.schema
    .createTable("travel_email_days")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", "date", (c) => c.notNull())
    .addPrimaryKeyConstraint("travel_email_days_pkey", ["user_id", "day"])
    .execute();
  await db.schema
    .createTable("pending_travel_news")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("travel", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("pending_travel_news_day").on("pending_travel_news").columns(["day", "user_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pending_travel_news").execute();
  await db.schema.dropTable("travel_email_days").execute();
  await db.schema.dropTable("streak_freeze_notices").execute();
  await sql`alter table team_members drop column display_name`.execute(db);
  await sql`alter table card_series drop column name_translations`.execute(db);
  await sql`alter table dev_outbox drop column headers`.execute(db);
  await db.schema.dropTable("email_pauses").execute();
  await db.schema.dropTable("reminder_offers").execute();
}
