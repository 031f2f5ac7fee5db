import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  // Emailed links written short (/l/<id>): the long address (a token inside)
  // stays on the server, and the email shows a link a person can read.
  await db.schema
    .createTable("short_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await sql`create index short_links_expires_idx on short_links (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("short_links").execute();
}
