import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Boards break ties by who got there first (issue 43 §3): each count keeps
 * when it last grew (reached_at: the latest counted act's time), and of two
 * equal counts the earlier one ranks first. Ranks are then 1, 2, 3… instead
 * of everyone tied at 1.
 *
 * Existing rows take their latest act's time, recounted here with the
 * boards' own rules (periods by New York day, teams by membership at the
 * act's time); a row whose acts were all voided keeps the migration's time.
 */
const PERIODS = sql`cross join lateral (values ('all'), ('y' || to_char(a.scan_day, 'YYYY')), ('m' || to_char(a.scan_day, 'YYYY-MM'))) p(period)`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table leaderboard_counts add column reached_at timestamptz`.execute(db);
  await sql`
    with latest as (
      select 'individual'::text as scope, p.period, a.user_id as subject_id, max(a.scanned_at) as at
      from acts a ${PERIODS} where a.act_number is not null and a.user_id is not null group by 2, 3
      union all
      select case when o.type = 'company' then 'company' else 'organisation' end, p.period, a.organization_id, max(a.scanned_at)
      from acts a join organizations o on o.id = a.organization_id ${PERIODS} where a.act_number is not null group by 1, 2, 3
      union all
      select 'country', p.period, a.country, max(a.scanned_at)
      from acts a ${PERIODS} where a.act_number is not null and a.country is not null group by 2, 3
      union all
      select tm.kind || '_team', p.period, tm.team_id, max(a.scanned_at)
      from acts a join team_members tm on tm.user_id = a.user_id and tm.joined_at <= a.scanned_at and (tm.left_at is null or tm.left_at > a.scanned_at)
      ${PERIODS} where a.act_number is not null group by 1, 2, 3
    )
    update leaderboard_counts lc set reached_at = latest.at
    from latest where lc.scope = latest.scope and lc.period = latest.period and lc.subject_id = latest.subject_id
  `.execute(db);
  await sql`update leaderboard_counts set reached_at = now() where reached_at is null`.execute(db);
  await sql`alter table leaderboard_counts alter column reached_at set default now(), alter column reached_at set not null`.execute(db);
  await sql`drop index leaderboard_counts_rank_idx`.execute(db);
  await sql`create index leaderboard_counts_rank_idx on leaderboard_counts (scope, period, acts desc, reached_at, subject_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index leaderboard_counts_rank_idx`.execute(db);
  await sql`create index leaderboard_counts_rank_idx on leaderboard_counts (scope, period, acts desc, subject_id)`.execute(db);
  await sql`alter table leaderboard_counts drop column reached_at`.execute(db);
}
