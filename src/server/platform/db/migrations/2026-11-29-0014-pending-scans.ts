import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  // A scan made while signed out (docs/design.md §4.12), kept until its person
  // signs up or in: the code as printed, and for a place the position that
  // passed its radius when the person stood there. Only a hash of the token is
  // kept, so the table alone claims nothing. No act exists and no number is
  // taken until the claim.
  await db.schema
    .createTable("pending_scans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("org", "text", (c) => c.notNull())
    .addColumn("loc", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("card", "integer")
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("claimed_by", "text", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("claimed_at", "timestamptz")
    .addColumn("act_id", "text")
    // What the claim answered, so opening the link again shows the same card.
    .addColumn("outcome", "jsonb")
    .execute();
  await sql`create index pending_scans_expires_idx on pending_scans (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pending_scans").execute();
}
