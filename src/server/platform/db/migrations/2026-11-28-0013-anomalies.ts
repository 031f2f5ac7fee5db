import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  // Unusual patterns found in a person's scans, for the official account to
  // review: one row per person, kind and New York day, counted as it recurs.
  await db.schema
    .createTable("anomaly_flags")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('impossible_travel', 'burst', 'copied_position')`))
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("occurrences", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("detail", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'dismissed', 'resolved')`),
    )
    .addColumn("review_note", "text")
    .addColumn("reviewed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("reviewed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("anomaly_flags_user_kind_day_key", ["user_id", "kind", "day"])
    .execute();
  await sql`create index anomaly_flags_open_idx on anomaly_flags (day desc, created_at desc) where status = 'open'`.execute(db);
  // Acts the official account voided, moved out of `acts` with the reason, so
  // that everything counted from `acts` no longer counts them. Their numbers
  // stay taken: the counter never goes back.
  await db.schema
    .createTable("voided_acts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("act_number", "bigint")
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("organization_id", "text", (c) => c.notNull())
    .addColumn("location_id", "text")
    .addColumn("card_series_id", "text")
    .addColumn("card_number", "integer")
    .addColumn("card_type", "text", (c) => c.notNull())
    .addColumn("scanned_at", "timestamptz", (c) => c.notNull())
    .addColumn("scan_day", "date", (c) => c.notNull())
    .addColumn("rarity", "text", (c) => c.notNull())
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("voided_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("voided_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index voided_acts_user_idx on voided_acts (user_id, scan_day)`.execute(db);
  await db.schema
    .alterTable("act_counter")
    .addColumn("voided", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  // The New York days whose digest has gone out, so each goes out once, from one process.
  await db.schema
    .createTable("anomaly_digests")
    .addColumn("day", "date", (c) => c.primaryKey())
    .addColumn("flags", "integer", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Where a device signed in from: the country the trusted proxy names, if any.
  await db.schema.alterTable("sessions").addColumn("country", "text").execute();
  // Mail that is not about the account's security is sent only to those who asked for it.
  await db.schema
    .alterTable("users")
    .addColumn("email_notifications", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("email_notifications").execute();
  await db.schema.alterTable("sessions").dropColumn("country").execute();
  await db.schema.dropTable("anomaly_digests").ifExists().execute();
  await db.schema.alterTable("act_counter").dropColumn("voided").execute();
  await db.schema.dropTable("voided_acts").ifExists().execute();
  await db.schema.dropTable("anomaly_flags").ifExists().execute();
}
