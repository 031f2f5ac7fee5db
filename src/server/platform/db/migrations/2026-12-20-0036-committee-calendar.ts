import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Committee meetings in people's calendars (issue 47 §5). A meeting gets a
 * start time on the wall clock of its time zone, a length and a place (a
 * meeting recorded by its day alone keeps a null time: an all-day event).
 * Every change counts in `sequence`, the number iCalendar clients compare to
 * know an event they hold was updated; a cancelled meeting stays, marked, so
 * the calendars holding it learn it is cancelled under the same UID.
 *
 * Each committee member may have one calendar feed: an unguessable token of
 * which only the hash is kept, in the language the feed is written in.
 * Revoking the link deletes the row; a new link replaces it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table sst_committee_meetings
      add column starts_at time,
      add column duration_minutes integer not null default 90 check (duration_minutes between 15 and 720),
      add column location text not null default '',
      add column time_zone text not null default 'America/Toronto',
      add column sequence integer not null default 0,
      add column cancelled_at timestamptz,
      add column updated_at timestamptz not null default now()
  `.execute(db);
  await sql`update sst_committee_meetings set updated_at = created_at`.execute(db);
  await sql`
    create table committee_calendar_feeds (
      member_id text primary key references sst_committee_members (id) on delete cascade,
      token_hash text not null unique,
      language text not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table committee_calendar_feeds`.execute(db);
  await sql`
    alter table sst_committee_meetings
      drop column starts_at, drop column duration_minutes, drop column location, drop column time_zone,
      drop column sequence, drop column cancelled_at, drop column updated_at
  `.execute(db);
}
