import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * An organisation's own logo (issue 30): a PNG Kindly re-encoded, kept in the
 * file store under `logo_key`, shown on its dashboard, on the map and on its
 * print kit. `logo_updated_at` versions its address, so a new logo is not
 * hidden by a cached old one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table organizations add column logo_key text, add column logo_updated_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table organizations drop column logo_key, drop column logo_updated_at`.execute(db);
}
