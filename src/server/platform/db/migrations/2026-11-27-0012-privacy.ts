import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  // Privacy by default: boards show a pseudonym until the person opts in.
  // Deletion: asked at, purged after (30 days later), purged at (the row then
  // stays, anonymous, so the acts it recorded keep counting).
  await db.schema
    .alterTable("users")
    .addColumn("show_on_leaderboards", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("deletion_requested_at", "timestamptz")
    .addColumn("purge_after", "timestamptz")
    .addColumn("purged_at", "timestamptz")
    .execute();
  await sql`create index users_purge_due_idx on users (purge_after) where purge_after is not null and purged_at is null`.execute(db);
  // Devices an account has signed in from (a hash of the browser's user
  // agent), so a sign-in from a new one is mailed to the owner.
  await db.schema
    .createTable("known_devices")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("device_hash", "text", (c) => c.notNull())
    .addColumn("first_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("known_devices_pkey", ["user_id", "device_hash"])
    .execute();
  // "Take my data": an archive built in the background, downloadable for 24 hours.
  await db.schema
    .createTable("data_exports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('building', 'ready', 'failed')`))
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("storage_key", "text")
    .addColumn("size_bytes", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("ready_at", "timestamptz")
    .addColumn("expires_at", "timestamptz")
    .execute();
  await sql`create index data_exports_user_idx on data_exports (user_id, created_at desc)`.execute(db);
  // Consent records (Law 25): which version of the terms and of the privacy
  // policy each person accepted, and when; every version accepted is kept.
  await db.schema
    .createTable("consents")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("document", "text", (c) => c.notNull().check(sql`document in ('terms', 'privacy')`))
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("accepted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("consents_pkey", ["user_id", "document", "version"])
    .execute();
  // The person's last positioned act, read under their lock by every virtual
  // scan (impossible-travel check).
  await sql`create index acts_user_positioned_idx on acts (user_id, scanned_at desc) where latitude is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("known_devices").ifExists().execute();
  await db.schema.dropTable("data_exports").ifExists().execute();
  await db.schema.dropTable("consents").ifExists().execute();
  await sql`drop index if exists acts_user_positioned_idx`.execute(db);
  await sql`drop index if exists users_purge_due_idx`.execute(db);
  await db.schema
    .alterTable("users")
    .dropColumn("show_on_leaderboards")
    .dropColumn("deletion_requested_at")
    .dropColumn("purge_after")
    .dropColumn("purged_at")
    .execute();
}
