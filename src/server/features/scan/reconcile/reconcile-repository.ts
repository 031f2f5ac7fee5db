import { sql, type Transaction } from "kysely";
import { periodKeys } from "../../../../shared/acts/new-york-time.js";
import { streaksFromDays } from "../../../../shared/acts/streaks.js";
import type { DB } from "../../../platform/db/schema.js";
import { recentBoardMonths, type AggregateDefinition } from "./aggregate-definitions.js";
import { publishedOrganizations } from "../../organizations/read-models.js";

const CHUNK = 1000;

/** Tables every aggregate lives in, locked against scans and batches while they are repaired. */
const AGGREGATE_TABLES = [
  "act_counter",
  "user_stats",
  "act_total_histogram",
  "leaderboard_counts",
  "daily_act_counts",
  "user_scan_days",
  "contest_entries",
  "user_count",
  "user_achievements",
];

/** Stops scans and numbering batches until the transaction ends (they wait; nothing fails). */
export async function lockAggregates(trx: Transaction<DB>): Promise<void> {
  await sql`lock table ${sql.join(AGGREGATE_TABLES.map((t) => sql.table(t)))} in exclusive mode`.execute(trx);
}

// writes: act_counter, user_stats, act_total_histogram, leaderboard_counts, daily_act_counts, organization_hour_counts, source_day_counts, source_totals, person_organization_counts, organization_participant_days, user_scan_days, user_count, user_achievements
async function insertChunks(trx: Transaction<DB>, table: string, rows: ReturnType<typeof sql>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await sql`insert into ${sql.table(table)} values ${sql.join(rows.slice(start, start + CHUNK))}`.execute(trx);
  }
}

/**
 * Fills `expected_streaks` and `period_of_day` (dropped at commit) from the
 * acts with the shared rules, so the SQL definitions never restate them;
 * `scoped` (after prepareScope): the streaks of the range's people only and
 * the days from the first of its month.
 */
export async function prepareRuleTables(trx: Transaction<DB>, scoped = false): Promise<void> {
  await sql`create temporary table expected_streaks (user_id text primary key, current_streak int, longest_streak int, last_act_day date, streak_freezes int, last_frozen_day date) on commit drop`.execute(
    trx,
  );
  await sql`create temporary table period_of_day (day date, period text, primary key (day, period)) on commit drop`.execute(trx);

  const userDays = await sql<{ user_id: string; days: string[] | string }>`
    select user_id, json_agg(distinct scan_day) as days from ${sql.table(scoped ? "scope_acts" : "acts")}
    where user_id is not null ${scoped ? sql`and user_id in (select user_id from scope_users)` : sql``} group by user_id`.execute(trx);
  const streakRows = userDays.rows.map((row) => {
    const days = typeof row.days === "string" ? (JSON.parse(row.days) as string[]) : row.days;
    const streak = streaksFromDays(days);
    return sql`(${row.user_id}, ${streak.current}, ${streak.longest}, ${streak.lastDay}::date, ${streak.freezes}, ${streak.frozenThrough}::date)`;
  });
  await insertChunks(trx, "expected_streaks", streakRows);

  const days = await sql<{ day: string }>`
    select distinct scan_day as day from ${sql.table(scoped ? "scope_acts" : "acts")} ${scoped ? sql`where scan_day >= (select month_start from verify_since)` : sql``}`.execute(
    trx,
  );
  const periodRows = days.rows.flatMap(({ day }) => Object.values(periodKeys(day)).map((period) => sql`(${day}::date, ${period})`));
  await insertChunks(trx, "period_of_day", periodRows);
  await sql`analyze expected_streaks`.execute(trx);
  await sql`analyze period_of_day`.execute(trx);
}

/**
 * What a check since `day` covers (`kindly verify --since`), in temporary
 * tables its definitions read (aggregate-definitions.ts, `since`): the day
 * and its month's and year's keys, the people who acted since (by the BRIN
 * index on the acts' days), their acts and every act since the first of the
 * day's month (`scope_acts`, read once for every check), and the places and
 * card series counted since.
 */
export async function prepareScope(trx: Transaction<DB>, day: string): Promise<void> {
  const { month, year } = periodKeys(day);
  await sql`
    create temporary table verify_since on commit drop as
    select ${day}::date as day, date_trunc('month', ${day}::date)::date as month_start, ${month}::text as month_key, ${year}::text as year_key`.execute(
    trx,
  );
  await sql`
    create temporary table scope_users on commit drop as
    select distinct user_id from acts where scan_day >= ${day}::date and user_id is not null`.execute(trx);
  await sql`alter table scope_users add primary key (user_id)`.execute(trx);
  await sql`analyze scope_users`.execute(trx);
  // Read once, by the index on a person's acts and the BRIN index on their days; every check since the day reads this copy.
  await sql`
    create temporary table scope_acts on commit drop as
    select user_id, organization_id, location_id, card_series_id, card_type, scan_day, scanned_at, rarity, country
    from acts where user_id in (select user_id from scope_users)
    union all
    select user_id, organization_id, location_id, card_series_id, card_type, scan_day, scanned_at, rarity, country
    from acts where scan_day >= date_trunc('month', ${day}::date)::date
      and (user_id is null or user_id not in (select user_id from scope_users))`.execute(trx);
  await sql`
    create temporary table scope_sources on commit drop as
    select coalesce(location_id, card_series_id) as source_id from scope_acts
    where scan_day >= ${day}::date and coalesce(location_id, card_series_id) is not null
    union select source_id from source_day_counts where day >= ${day}::date`.execute(trx);
  for (const table of ["verify_since", "scope_acts", "scope_sources"]) await sql`analyze ${sql.table(table)}`.execute(trx);
}

/**
 * For the boards' check since a day (after prepareRuleTables: it reads
 * period_of_day): their scopes (a loose index scan of the board's key), every
 * month with acts (from the daily totals), and the subjects whose year and
 * all-time rows are recomputed — those of the recent months' acts, or of
 * their kept rows.
 */
export async function prepareBoardScope(trx: Transaction<DB>): Promise<void> {
  await sql`
    create temporary table board_scopes on commit drop as
    with recursive scopes as (
      select min(scope) as scope from leaderboard_counts
      union all
      select (select min(scope) from leaderboard_counts where scope > scopes.scope) from scopes where scopes.scope is not null)
    select scope from scopes where scope is not null`.execute(trx);
  await sql`
    create temporary table board_months on commit drop as
    select distinct 'm' || to_char(day, 'YYYY-MM') as period from daily_act_counts`.execute(trx);
  await sql`
    create temporary table scope_board_subjects on commit drop as
    select scope, subject_id from (${recentBoardMonths()}) recent
    union select l.scope, l.subject_id from board_scopes b
    join leaderboard_counts l on l.scope = b.scope and l.period like 'm%' and l.period >= (select month_key from verify_since)`.execute(
    trx,
  );
  for (const table of ["board_scopes", "board_months", "scope_board_subjects"]) await sql`analyze ${sql.table(table)}`.execute(trx);
}

const cols = (names: string[], alias?: string) => sql.join(names.map((n) => (alias ? sql.ref(`${alias}.${n}`) : sql.ref(n))));
// A missing row is a row of zeros; dates and moments have no zero.
const valueOf = (alias: string, name: string) =>
  name.endsWith("_day") || name.endsWith("_at") ? sql.ref(`${alias}.${name}`) : sql`coalesce(${sql.ref(`${alias}.${name}`)}, 0)`;

function driftQuery(definition: AggregateDefinition) {
  const { keys, values, expected, actual } = definition;
  if (definition.missingOnly) {
    return sql`select ${cols(keys, "e")} from (${expected}) e left join (${actual}) a using (${cols(keys)})
               where ${sql.ref(`a.${keys[0]}`)} is null`;
  }
  const differs = sql.join(
    values.map((v) => sql`${valueOf("e", v)} is distinct from ${valueOf("a", v)}`),
    sql` or `,
  );
  const pairs = sql.join(
    values.flatMap((v) => [
      sql`${sql.ref(`e.${v}`)} as ${sql.ref(`expected_${v}`)}`,
      sql`${sql.ref(`a.${v}`)} as ${sql.ref(`found_${v}`)}`,
    ]),
  );
  return sql`select ${cols(keys)}, ${pairs} from (${expected}) e full join (${actual}) a using (${cols(keys)}) where ${differs}`;
}

export interface Drift {
  name: string;
  rows: number;
  /** A few drifting rows: keys, then expected_… and found_… values. */
  examples: Record<string, unknown>[];
}

export async function findDrift(trx: Transaction<DB>, definition: AggregateDefinition, examples = 5): Promise<Drift> {
  const query = driftQuery(definition);
  const count = await sql<{ n: number }>`select count(*)::int as n from (${query}) d`.execute(trx);
  const rows = count.rows[0]!.n;
  const sample = rows > 0 ? await sql<Record<string, unknown>>`select * from (${query}) d limit ${examples}`.execute(trx) : { rows: [] };
  return { name: definition.name, rows, examples: sample.rows };
}

/** Makes the table agree with the acts: drifting rows are replaced by their recomputed values. */
export async function repairDrift(trx: Transaction<DB>, definition: AggregateDefinition): Promise<void> {
  const { table, keys, values, expected } = definition;
  await sql`create temporary table drifting on commit drop as ${driftQuery(definition)}`.execute(trx);
  // The drifting rows' keys with their values recounted from the acts.
  const recounted = sql`
    select ${cols(keys, "d")}${values.length ? sql`, ${cols(values, "e")}` : sql``}
    from drifting d join (${expected}) e using (${cols(keys)})`;
  if (definition.rewrite) {
    // Another feature's table: its owner writes it.
    await definition.rewrite(trx, { keys: sql`select ${cols(keys)} from drifting`, recounted });
  } else {
    if (!definition.missingOnly) {
      const matches = sql.join(
        keys.map((k) => sql`${sql.ref(`t.${k}`)} = ${sql.ref(`d.${k}`)}`),
        sql` and `,
      );
      // writes: act_counter, user_stats, act_total_histogram, leaderboard_counts, daily_act_counts, organization_hour_counts, source_day_counts, source_totals, person_organization_counts, organization_participant_days, user_scan_days, user_count, user_achievements
      await sql`delete from ${sql.table(table)} t using drifting d where ${matches}`.execute(trx);
    }
    // writes: act_counter, user_stats, act_total_histogram, leaderboard_counts, daily_act_counts, organization_hour_counts, source_day_counts, source_totals, person_organization_counts, organization_participant_days, user_scan_days, user_count, user_achievements
    await sql`insert into ${sql.table(table)} (${cols([...keys, ...values])}) ${recounted}`.execute(trx);
  }
  await sql`drop table drifting`.execute(trx);
}

/**
 * Empties an aggregate's table and fills it from the acts in one statement:
 * for a database loaded in bulk, where comparing row by row (repairDrift)
 * would only find every row missing, at the cost of a full join per table.
 * Earned achievements are only added (never taken back).
 */
export async function rebuildFromActs(trx: Transaction<DB>, definition: AggregateDefinition): Promise<void> {
  const { table, keys, values, expected } = definition;
  // Another feature's table: its owner writes it.
  if (definition.rewrite) return definition.rewrite(trx, { keys: null, recounted: expected });
  const columns = [...keys, ...values];
  // writes: act_counter, user_stats, act_total_histogram, leaderboard_counts, daily_act_counts, organization_hour_counts, source_day_counts, source_totals, person_organization_counts, organization_participant_days, user_scan_days, user_count, user_achievements
  if (!definition.missingOnly) await sql`delete from ${sql.table(table)}`.execute(trx);
  // writes: act_counter, user_stats, act_total_histogram, leaderboard_counts, daily_act_counts, organization_hour_counts, source_day_counts, source_totals, person_organization_counts, organization_participant_days, user_scan_days, user_count, user_achievements
  await sql`
    insert into ${sql.table(table)} (${cols(columns)})
    select ${cols(columns, "e")} from (${expected}) e
    ${definition.missingOnly ? sql`on conflict do nothing` : sql``}`.execute(trx);
}

/** How many numbers below the highest belong to no act (acts deleted with their accounts); voided acts keep theirs. */
export async function countMissingNumbers(trx: Transaction<DB>): Promise<number> {
  const { rows } = await sql<{ highest: string | null; numbered: string }>`
    select max(act_number) as highest, count(act_number) as numbered
    from (select act_number from acts union all select act_number from voided_acts) every_act`.execute(trx);
  return Number(rows[0]?.highest ?? 0) - Number(rows[0]?.numbered ?? 0);
}

/**
 * After a repair or a rebuild, any organisation's past days may have changed:
 * each one's closed-day changes move, so the dashboard's kept sums are made again.
 */
// writes: organization_closed_day_changes
export async function markClosedDaysChanged(trx: Transaction<DB>): Promise<void> {
  await sql`
    insert into organization_closed_day_changes (organization_id, changes)
    select id, 1 from ${publishedOrganizations.sql} o
    on conflict (organization_id) do update set changes = organization_closed_day_changes.changes + 1`.execute(trx);
}
