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
 *
 * `revoked_credentials`: the places of credentials whose certificates were
 * erased with their holder's account; their bits stay set (a credential
 * handed out before must not verify again once its record is gone).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence credential_status_index_seq minvalue 0 start 0`.execute(db);
  await sql`alter table certificates add column credential_status_index integer unique, add column withdrawn_at timestamptz`.execute(db);
  await sql`create table revoked_credentials (status_index integer primary key, revoked_at timestamptz not null default now())`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table revoked_credentials`.execute(db);
  await sql`alter table certificates drop column credential_status_index, drop column withdrawn_at`.execute(db);
  await sql`drop sequence credential_status_index_seq`.execute(db);
}
