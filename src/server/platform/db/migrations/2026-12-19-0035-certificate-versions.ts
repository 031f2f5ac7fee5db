import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A certificate vouches for the name it was issued to (issue 46 §1): a
 * changed legal name issues a new version (a new code) and the old one stays,
 * verifiable, marked superseded by the new one. One current certificate per
 * person, employer and kind, any number of superseded ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table certificates add column superseded_at timestamptz, add column superseded_by text`.execute(db);
  await sql`alter table certificates drop constraint certificates_once`.execute(db);
  await sql`create unique index certificates_current_once on certificates (user_id, organization_id, kind) where superseded_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from certificates where superseded_at is not null`.execute(db);
  await sql`drop index certificates_current_once`.execute(db);
  await sql`alter table certificates add constraint certificates_once unique (user_id, organization_id, kind)`.execute(db);
  await sql`alter table certificates drop column superseded_at, drop column superseded_by`.execute(db);
}
