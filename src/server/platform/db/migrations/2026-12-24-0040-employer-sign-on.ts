import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Employer single sign-on with OpenID Connect (issue 47 §1).
 *
 * `sso_configurations`: an organisation's identity provider (issuer, client
 * id) and its client secret, sealed (AES-256-GCM, a key derived from the
 * server's secret): a dump of the table opens nothing.
 *
 * `sso_logins`: a sign-in on its way to the provider and back, by the hash of
 * its `state`; the PKCE verifier and the nonce the answer must carry. Deleted
 * when the answer arrives (a replayed answer finds nothing), ten minutes at most.
 *
 * `sso_identities`: who a provider's subject is in Kindly, per organisation.
 * Made only once the person proved the Kindly account (signed in with its
 * password) or created it: never by an email alone.
 *
 * `sso_pending`: a provider's answer waiting for that proof or that creation,
 * by the hash of a token the browser holds, fifteen minutes at most.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table sso_configurations (
      organization_id text primary key references organizations (id) on delete cascade,
      issuer text not null,
      client_id text not null,
      client_secret_sealed text not null,
      updated_by text references users (id) on delete set null,
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table sso_logins (
      state_hash text primary key,
      organization_id text not null references organizations (id) on delete cascade,
      code_verifier text not null,
      nonce text not null,
      expires_at timestamptz not null
    )
  `.execute(db);
  await sql`create index sso_logins_expires_idx on sso_logins (expires_at)`.execute(db);
  await sql`
    create table sso_identities (
      organization_id text not null references organizations (id) on delete cascade,
      subject text not null,
      user_id text not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (organization_id, subject)
    )
  `.execute(db);
  await sql`create unique index sso_identities_user_idx on sso_identities (organization_id, user_id)`.execute(db);
  await sql`
    create table sso_pending (
      token_hash text primary key,
      organization_id text not null references organizations (id) on delete cascade,
      subject text not null,
      email text not null,
      email_verified boolean not null,
      display_name text,
      expires_at timestamptz not null
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["sso_pending", "sso_identities", "sso_logins", "sso_configurations"]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
