import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Certificates that expire and are renewed (issue 47 §4). Each employer may
 * give each kind of certificate a validity in months (a row here; none: the
 * default, one year for harassment prevention and no expiry for the others;
 * a null `months`: never expires). A certificate keeps the expiry it was
 * issued with (what it states does not change afterwards), and the time its
 * holder was reminded to renew it, so each is reminded once. The
 * harassment-prevention certificates already issued take the default year.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table certificate_validities (
      organization_id text not null references organizations (id) on delete cascade,
      kind text not null,
      months integer check (months between 1 and 60),
      primary key (organization_id, kind)
    )
  `.execute(db);
  await sql`alter table certificates add column expires_at timestamptz, add column renewal_reminded_at timestamptz`.execute(db);
  await sql`update certificates set expires_at = completed_at + interval '1 year' where kind = 'harassment'`.execute(db);
  // The reminders' claim reads the current certificates not yet reminded, by expiry.
  await sql`
    create index certificates_renewal_due on certificates (expires_at)
    where superseded_at is null and renewal_reminded_at is null and expires_at is not null
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index certificates_renewal_due`.execute(db);
  await sql`alter table certificates drop column expires_at, drop column renewal_reminded_at`.execute(db);
  await sql`drop table certificate_validities`.execute(db);
}
