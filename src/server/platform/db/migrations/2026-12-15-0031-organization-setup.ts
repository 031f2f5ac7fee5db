import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A new organisation's first hour (issue 43 §4): the dashboard's set-up
 * checklist ticks "print the kit" once a print-kit PDF was made for it.
 * Organisations with acts already take it as done (their codes were printed
 * before this was kept).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table organizations add column kit_printed_at timestamptz`.execute(db);
  await sql`
    update organizations o set kit_printed_at = o.created_at
    where exists (select 1 from acts a where a.organization_id = o.id)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table organizations drop column kit_printed_at`.execute(db);
}
