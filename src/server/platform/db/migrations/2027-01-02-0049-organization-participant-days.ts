import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A billion acts (issue 62 §1): the dashboard's engagement counted the
 * period's participants one by one (28,423 index entries for an organisation
 * with 500 K acts, 12 ms a request, and growing with its people). A
 * participant of the period is someone whose last act here falls in it, a
 * newcomer someone whose first act does; returning = participants −
 * newcomers. So two counts per organisation and New York day are enough:
 * how many people had their first act here that day, and how many their
 * latest. A period's figures are then its days' rows (90 at most).
 *
 * The database keeps them from person_organization_counts itself, whichever
 * statement changes it (the numbering step, a void's correction, a rebuild,
 * an account's deletion cascading): statement-level triggers, one set-based
 * update per statement, moving each changed person from their old days to
 * their new ones. A person with no act left (all voided) counts nowhere.
 */

const NEW_YORK = "America/New_York";

/** The statement moving people from the days in `before` (rows as they were) to those in `after`. */
const follow = (before: string | null, after: string | null) => {
  const moves = [
    before && `select organization_id, first_at, last_at, -1 as sign from ${before} where acts > 0`,
    after && `select organization_id, first_at, last_at, 1 as sign from ${after} where acts > 0`,
  ].filter(Boolean);
  return `
    with moves as (${moves.join(" union all ")})
    insert into organization_participant_days (organization_id, day, newcomers, last_seen)
    select organization_id, day, sum(newcomers)::int, sum(last_seen)::int from (
      select organization_id, (first_at at time zone '${NEW_YORK}')::date as day, sign as newcomers, 0 as last_seen from moves
      union all
      select organization_id, (last_at at time zone '${NEW_YORK}')::date, 0, sign from moves
    ) m
    group by 1, 2
    having sum(newcomers) <> 0 or sum(last_seen) <> 0
    on conflict (organization_id, day) do update
      set newcomers = organization_participant_days.newcomers + excluded.newcomers,
          last_seen = organization_participant_days.last_seen + excluded.last_seen`;
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("organization_participant_days")
    .addColumn("organization_id", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("newcomers", "integer", (c) => c.notNull())
    .addColumn("last_seen", "integer", (c) => c.notNull())
    .execute();
  // The counts ride in the keys' index: a period's figures are read from the index alone.
  await sql`alter table organization_participant_days add constraint organization_participant_days_pkey
            primary key (organization_id, day) include (newcomers, last_seen)`.execute(db);
  await sql.raw(follow(null, "person_organization_counts")).execute(db);
  await sql
    .raw(
      `
    create function organization_participant_days_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${follow(null, "changed_after")};
      elsif tg_op = 'UPDATE' then
        ${follow("changed_before", "changed_after")};
      else
        ${follow("changed_before", null)};
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger participants_follow_insert after insert on person_organization_counts
            referencing new table as changed_after for each statement execute function organization_participant_days_follow()`.execute(db);
  await sql`create trigger participants_follow_update after update on person_organization_counts
            referencing old table as changed_before new table as changed_after
            for each statement execute function organization_participant_days_follow()`.execute(db);
  await sql`create trigger participants_follow_delete after delete on person_organization_counts
            referencing old table as changed_before for each statement execute function organization_participant_days_follow()`.execute(db);
  // The engagement no longer reads people by their latest act here; each scan wrote this index.
  await sql`drop index person_organization_counts_recent`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index person_organization_counts_recent on person_organization_counts (organization_id, last_at) include (first_at, acts)`.execute(
    db,
  );
  for (const trigger of ["participants_follow_insert", "participants_follow_update", "participants_follow_delete"]) {
    await sql`drop trigger if exists ${sql.raw(trigger)} on person_organization_counts`.execute(db);
  }
  await sql`drop function if exists organization_participant_days_follow()`.execute(db);
  await db.schema.dropTable("organization_participant_days").execute();
}
