import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A retried scan gets its act back (issue 41): the app sends an idempotency
 * key with each scan attempt, the act's answer is kept under it in the act's
 * own transaction, and a replay of the key within 24 hours is answered with
 * it instead of a refusal ("already used a card from this organisation").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("scan_replays")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("act_id", "text", (c) => c.notNull().references("acts.id").onDelete("cascade"))
    .addColumn("answer", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("scan_replays_pkey", ["user_id", "idempotency_key"])
    .execute();
  await db.schema.createIndex("scan_replays_created_at").on("scan_replays").column("created_at").execute();
  await db.schema.createIndex("scan_replays_act_id").on("scan_replays").column("act_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scan_replays").execute();
}
