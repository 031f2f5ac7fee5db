import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Every act has its number (issue 45 §4). Since migration 0025 a scan's act
 * is numbered as it is inserted (record_acts), so only a deployment that
 * crashed before 0025, between a scan's commit and its numbering batch, can
 * still hold acts without one; until now a numbering loop ran at each start
 * for them. This migration numbers them once, in the order they were queued
 * after every number already given, and the loop is gone from the code.
 *
 * The acts it numbers were never counted into what the numbering step keeps
 * (the boards, the daily totals, the organisations' counts, the rank
 * histogram, the counter), so when it numbers any it recounts those from the
 * acts, with the rules they have today (periods by New York day, company or
 * organisation boards, teams by membership at the act's time, ties by who got
 * there first). With none waiting, it changes nothing.
 */
const PERIODS = sql`cross join lateral (values ('all'), ('y' || to_char(a.scan_day, 'YYYY')), ('m' || to_char(a.scan_day, 'YYYY-MM'))) p(period)`;

export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ last_number: string }>`select last_number from act_counter where id = 1 for update`.execute(db);
  const last = Number(rows[0]?.last_number ?? 0);
  const numbered = await sql`
    with waiting as (select id, row_number() over (order by queued_seq) as position from acts where act_number is null)
    update acts a set act_number = ${last}::bigint + w.position from waiting w where a.id = w.id`.execute(db);
  const count = Number(numbered.numAffectedRows ?? 0);
  if (count === 0) return;

  await sql`update act_counter set last_number = ${last + count}::bigint where id = 1`.execute(db);
  await sql`delete from leaderboard_counts`.execute(db);
  await sql`
    insert into leaderboard_counts (scope, period, subject_id, acts, reached_at)
    select 'individual', p.period, a.user_id, count(*)::int, max(a.scanned_at)
    from acts a ${PERIODS} where a.user_id is not null group by 2, 3
    union all
    select case when o.type = 'company' then 'company' else 'organisation' end, p.period, a.organization_id, count(*)::int, max(a.scanned_at)
    from acts a join organizations o on o.id = a.organization_id ${PERIODS} group by 1, 2, 3
    union all
    select 'country', p.period, a.country, count(*)::int, max(a.scanned_at)
    from acts a ${PERIODS} where a.country is not null group by 2, 3
    union all
    select tm.kind || '_team', p.period, tm.team_id, count(*)::int, max(a.scanned_at)
    from acts a join team_members tm on tm.user_id = a.user_id and tm.joined_at <= a.scanned_at and (tm.left_at is null or tm.left_at > a.scanned_at)
    ${PERIODS} group by 1, 2, 3`.execute(db);
  await sql`delete from daily_act_counts`.execute(db);
  await sql`insert into daily_act_counts (day, acts) select scan_day, count(*)::int from acts group by 1`.execute(db);
  await sql`delete from organization_hour_counts`.execute(db);
  await sql`
    insert into organization_hour_counts (organization_id, day, hour, card_type, acts)
    select organization_id, scan_day, extract(hour from scanned_at at time zone 'America/New_York')::smallint, card_type, count(*)::int
    from acts group by 1, 2, 3, 4`.execute(db);
  await sql`delete from source_day_counts`.execute(db);
  await sql`
    insert into source_day_counts (organization_id, day, source_id, acts)
    select organization_id, scan_day, coalesce(location_id, card_series_id), count(*)::int
    from acts where coalesce(location_id, card_series_id) is not null group by 1, 2, 3`.execute(db);
  await sql`delete from source_totals`.execute(db);
  await sql`
    insert into source_totals (source_id, acts)
    select coalesce(location_id, card_series_id), count(*)::int
    from acts where coalesce(location_id, card_series_id) is not null group by 1`.execute(db);
  await sql`delete from act_total_histogram`.execute(db);
  await sql`
    insert into act_total_histogram (total_acts, users)
    select n, count(*)::int from (select user_id, count(*)::int as n from acts where user_id is not null group by 1) per_user group by 1`.execute(
    db,
  );
}

// Numbers given are never taken back.
export async function down(): Promise<void> {}
