import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
//
// What the official account runs Kindly with: acts recorded by hand for an
// organisation (kept in batches with their proof, numbered in one range, and
// belonging to no person), suspended accounts, contests whose draw anyone can
// check afterwards, the outgoing-mail log and the rate limiter's refusals.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("suspended_at", "timestamptz").execute();
  // The admin's user search matches the start of a username or an address.
  await sql`create index users_username_prefix_idx on users (lower(username) text_pattern_ops)`.execute(db);
  await sql`create index users_email_prefix_idx on users (lower(email) text_pattern_ops)`.execute(db);
  // Newest members first, ties in a fixed order: the index gives the whole order.
  await sql`create index users_created_at_idx on users (created_at desc, id)`.execute(db);
  // The overview counts suspended accounts: few, so a small partial index.
  await sql`create index users_suspended_idx on users (suspended_at) where suspended_at is not null`.execute(db);
  await sql`create index user_stats_total_idx on user_stats (total_acts desc, user_id)`.execute(db);

  await db.schema
    .createTable("manual_act_batches")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id"))
    .addColumn("act_count", "integer", (c) => c.notNull().check(sql`act_count between 1 and 100`))
    .addColumn("first_number", "bigint", (c) => c.notNull())
    .addColumn("last_number", "bigint", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("proof_type", "text", (c) => c.notNull().check(sql`proof_type in ('video', 'photo', 'both')`))
    .addColumn("proof_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("performed_on", "date", (c) => c.notNull())
    .addColumn("recorded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("recorded_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("manual_act_batches_range", sql`last_number - first_number + 1 = act_count`)
    .execute();
  await sql`create index manual_act_batches_recorded_idx on manual_act_batches (recorded_at desc)`.execute(db);

  // A manual act belongs to its batch and to no person: no user, no pseudonym.
  await sql`alter table acts add column manual_batch_id text references manual_act_batches (id)`.execute(db);
  await sql`alter table acts alter column user_id drop not null`.execute(db);
  await sql`alter table acts alter column user_pseudo drop not null`.execute(db);
  await sql`alter table acts drop constraint acts_card_type_check`.execute(db);
  await sql`alter table acts add constraint acts_card_type_check check (card_type in ('virtual', 'physical', 'portable', 'manual'))`.execute(
    db,
  );
  await sql`alter table acts add constraint acts_manual_shape check (
    (card_type = 'manual') = (manual_batch_id is not null) and
    (card_type = 'manual') = (user_id is null) and
    (card_type = 'manual') = (user_pseudo is null))`.execute(db);

  // Contests: a description, prizes with a number of winners each, and a
  // committed draw. `seed` stays secret until the draw; its SHA-256 is public
  // from creation on, so the seed cannot be chosen after the tickets are known.
  await db.schema
    .alterTable("contests")
    .addColumn("description_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description_fr", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seed", "text")
    .addColumn("seed_hash", "text")
    .addColumn("drawn_at", "timestamptz")
    .addColumn("ticket_digest", "text")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  const existing = await db.selectFrom("contests").select("id").execute();
  for (const { id } of existing) {
    const seed = randomBytes(32).toString("hex");
    await db
      .updateTable("contests")
      .set({ seed, seed_hash: createHash("sha256").update(seed).digest("hex") })
      .where("id", "=", id)
      .execute();
  }
  await sql`alter table contests alter column seed set not null`.execute(db);
  await sql`alter table contests alter column seed_hash set not null`.execute(db);
  await db.schema
    .alterTable("contest_prizes")
    .addColumn("quantity", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity between 1 and 100`),
    )
    .execute();

  // The ticket list as frozen at the draw, published with the seed. `entrant`
  // is the entry's public code (not reversible to a person).
  await db.schema
    .createTable("contest_draw_entries")
    .addColumn("contest_id", "text", (c) => c.notNull().references("contests.id").onDelete("cascade"))
    .addColumn("entrant", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("tickets", "integer", (c) => c.notNull().check(sql`tickets > 0`))
    .addPrimaryKeyConstraint("contest_draw_entries_pkey", ["contest_id", "entrant"])
    .execute();

  await db.schema
    .createTable("contest_winners")
    .addColumn("contest_id", "text", (c) => c.notNull().references("contests.id").onDelete("cascade"))
    .addColumn("draw_order", "integer", (c) => c.notNull())
    .addColumn("entrant", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("prize_position", "integer", (c) => c.notNull())
    .addColumn("emailed_at", "timestamptz")
    .addColumn("email_failed_at", "timestamptz")
    .addColumn("contacted_at", "timestamptz")
    .addColumn("contacted_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addPrimaryKeyConstraint("contest_winners_pkey", ["contest_id", "draw_order"])
    .execute();

  // Every message handed to the mail transport, and how it went. The
  // recipient is kept masked: the log is for spotting failures, not a directory.
  await db.schema
    .createTable("mail_log")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('sent', 'failed')`))
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index mail_log_created_idx on mail_log (created_at desc)`.execute(db);
  await sql`create index mail_log_failed_idx on mail_log (created_at desc) where status = 'failed'`.execute(db);

  // Refusals per rule per minute, summed by every process.
  await db.schema
    .createTable("rate_limit_refusals")
    .addColumn("rule", "text", (c) => c.notNull())
    .addColumn("minute", "timestamptz", (c) => c.notNull())
    .addColumn("refusals", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_refusals_pkey", ["minute", "rule"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["rate_limit_refusals", "mail_log", "contest_winners", "contest_draw_entries"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`alter table contest_prizes drop column if exists quantity`.execute(db);
  for (const column of ["description_en", "description_fr", "seed", "seed_hash", "drawn_at", "ticket_digest", "updated_at"]) {
    await sql`alter table contests drop column if exists ${sql.ref(column)}`.execute(db);
  }
  await sql`delete from acts where card_type = 'manual'`.execute(db);
  await sql`alter table acts drop constraint if exists acts_manual_shape`.execute(db);
  await sql`alter table acts drop constraint acts_card_type_check`.execute(db);
  await sql`alter table acts add constraint acts_card_type_check check (card_type in ('virtual', 'physical', 'portable'))`.execute(db);
  await sql`alter table acts alter column user_pseudo set not null`.execute(db);
  await sql`alter table acts alter column user_id set not null`.execute(db);
  await sql`alter table acts drop column if exists manual_batch_id`.execute(db);
  await db.schema.dropTable("manual_act_batches").ifExists().execute();
  for (const index of [
    "user_stats_total_idx",
    "users_suspended_idx",
    "users_created_at_idx",
    "users_email_prefix_idx",
    "users_username_prefix_idx",
  ]) {
    await sql`drop index if exists ${sql.ref(index)}`.execute(db);
  }
  await sql`alter table users drop column if exists suspended_at`.execute(db);
}
