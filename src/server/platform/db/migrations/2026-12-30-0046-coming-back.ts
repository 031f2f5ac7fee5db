import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Coming back (issue 60 §2, §5):
 * - reminder_offers: the streak reminder offered after an act, and the
 *   person's answer; a "not now" is remembered (how many, and on which New
 *   York day), so the offer comes back once at most, on a streak's 2nd day.
 * - email_pauses: "Pause for a week" from a reminder's or a news email's
 *   one-tap link, per kind; the choice itself stays as it was.
 * - dev_outbox.headers: the development outbox shows each mail's headers
 *   (List-Unsubscribe, List-Unsubscribe-Post among them).
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table team_members drop column display_name`.execute(db);
  await sql`alter table dev_outbox drop column headers`.execute(db);
  await db.schema.dropTable("email_pauses").execute();
  await db.schema.dropTable("reminder_offers").execute();
}
