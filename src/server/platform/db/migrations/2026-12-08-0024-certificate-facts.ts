import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * What a certificate needs to count as evidence (issue 31):
 * - the holder's full legal name, asked once when a first certificate is
 *   earned and kept with the purpose it was given for (Quebec's Law 25: used
 *   for certificates only), editable, exported with the person's data;
 * - a signatory the employer names in its settings (name and title), kept on
 *   each certificate as it was when the certificate was issued.
 * A certificate's `holder_name` follows the legal name once there is one;
 * certificates issued before keep their codes and still verify.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("legal_names")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("legal_name", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("recorded_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table organizations add column certificate_signatory_name text, add column certificate_signatory_title text`.execute(db);
  await sql`alter table certificates add column signatory_name text, add column signatory_title text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table certificates drop column signatory_name, drop column signatory_title`.execute(db);
  await sql`alter table organizations drop column certificate_signatory_name, drop column certificate_signatory_title`.execute(db);
  await db.schema.dropTable("legal_names").execute();
}
