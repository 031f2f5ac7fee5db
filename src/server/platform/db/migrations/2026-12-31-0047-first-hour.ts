import { type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * The first hour of an employer (issue 61 §2):
 * - it_handoffs: "Send to your IT person". An expiring link, mailed to the
 *   address the employer gave, that opens a page with the employer's own
 *   sign-in and directory values written into the providers' guide, and
 *   nothing else. The token is kept as its SHA-256 only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("it_handoffs")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("recipient_email", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("sent_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("it_handoffs_organization").on("it_handoffs").columns(["organization_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("it_handoffs").execute();
}
