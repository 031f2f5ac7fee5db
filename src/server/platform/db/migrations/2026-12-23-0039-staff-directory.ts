import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Automatic staff lists (issue 47 §2): an employer's identity provider keeps
 * the list of its staff in Kindly through SCIM 2.0.
 *
 * `staff_directory_tokens`: one bearer token per organisation, of which only
 * the hash is kept; a new token replaces the old one, revoking deletes it.
 *
 * `staff_directory_people`: the people the provider sent. `user_name` is the
 * provider's identifier (unique per organisation, whatever its case), `email`
 * the address Kindly links a Kindly account by (only once that account has
 * verified it). `user_id` is the linked account: set once, it stays, and the
 * account's workplace access then follows `active`. `version` counts changes
 * (the resource's ETag-like `meta.version`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table staff_directory_tokens (
      organization_id text primary key references organizations (id) on delete cascade,
      token_hash text not null unique,
      created_by text references users (id) on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )
  `.execute(db);
  await sql`
    create table staff_directory_people (
      id text primary key,
      organization_id text not null references organizations (id) on delete cascade,
      user_name text not null,
      external_id text,
      email text,
      given_name text,
      family_name text,
      display_name text,
      active boolean not null default true,
      user_id text references users (id) on delete set null,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create unique index staff_directory_people_user_name_idx on staff_directory_people (organization_id, lower(user_name))`.execute(
    db,
  );
  await sql`create index staff_directory_people_email_idx on staff_directory_people (lower(email)) where user_id is null`.execute(db);
  await sql`create unique index staff_directory_people_user_idx on staff_directory_people (organization_id, user_id) where user_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table staff_directory_people`.execute(db);
  await sql`drop table staff_directory_tokens`.execute(db);
}
