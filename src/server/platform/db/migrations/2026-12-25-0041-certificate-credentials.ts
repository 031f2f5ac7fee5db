import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Certificates as Open Badges 3.0 credentials (issue 47 §3). A certificate
 * gets its place in the deployment's revocation status list the first time
 * its credential is downloaded: one bit, set once the certificate is
 * superseded (a renewal, a new legal name) or withdrawn. The numbers come
 * from a sequence, never reused; list n holds the places n·131072 …
 * n·131072+131071.
 *
 * An employer may withdraw a certificate (issued in error, or earned by
 * someone else): `withdrawn_at`, for good. Its holder may earn it again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence credential_status_index_seq minvalue 0 start 0`.execute(db);
  await sql`alter table certificates add column credential_status_index integer unique, add column withdrawn_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table certificates drop column credential_status_index, drop column withdrawn_at`.execute(db);
  await sql`drop sequence credential_status_index_seq`.execute(db);
}
