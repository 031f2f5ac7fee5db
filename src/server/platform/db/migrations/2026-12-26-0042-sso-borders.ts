import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Employer sign-on that vouches only for what the employer controls (issue 58 §1–§2).
 *
 * `sso_email_domains`: the email domains an employer proved it owns, by a
 * TXT record at `_kindly-verification.<domain>` holding its token. An
 * identity provider's `email_verified` counts only for addresses in a
 * verified domain (or its subdomains).
 *
 * `sso_logins.browser_hash`, `sso_pending.browser_hash`: the hash of the
 * value in the cookie set on the browser that started the sign-in; the
 * provider's answer and the first-sign-in page are refused anywhere else
 * (login CSRF). Unfinished sign-ins are short-lived and dropped here.
 *
 * `sso_pending.username`, `confirm_hash`: a first sign-in whose address the
 * provider could not vouch for waits for the person to open the link mailed
 * to it, in the same browser; only then is the account made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sso_email_domains (
      organization_id text not null references organizations (id) on delete cascade,
      domain text not null,
      token text not null,
      verified_at timestamptz,
      checked_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (organization_id, domain)
    )
  `.execute(db);
  await sql`create index sso_email_domains_domain_idx on sso_email_domains (domain) where verified_at is not null`.execute(db);
  await sql`delete from sso_logins`.execute(db);
  await sql`delete from sso_pending`.execute(db);
  await sql`alter table sso_logins add column browser_hash text not null`.execute(db);
  await sql`
    alter table sso_pending
      add column browser_hash text not null,
      add column username text,
      add column language text,
      add column confirm_hash text
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sso_pending drop column browser_hash, drop column username, drop column language, drop column confirm_hash`.execute(
    db,
  );
  await sql`alter table sso_logins drop column browser_hash`.execute(db);
  await sql`drop table sso_email_domains`.execute(db);
}
