import { sql, type RawBuilder, type Transaction } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { KINDLY_TIME_ZONE } from "../../../../shared/acts/new-york-time.js";
import { contestRunningAt, rewriteTickets } from "../../contests/index.js";
import { people } from "../../users/read-models.js";
import { publishedOrganizations } from "../../organizations/read-models.js";
import { contestEntries, publishedContests } from "../../contests/read-models.js";
import { groupMemberships } from "../group-boards.js";

/**
 * Every aggregate Kindly keeps, stated as what it must equal when recomputed
 * from the acts (docs/design.md: aggregates can always be recomputed, and a command
 * checks that they agree). `expected` and `actual` select the same columns:
 * the keys, then the values. Rows absent on one side count as zeros.
 *
 * Two temporary tables, filled from the shared TypeScript rules before these
 * run, keep each rule in one place: `expected_streaks` (streaksFromDays) and
 * `period_of_day` (periodKeys).
 *
 * Manual acts (no user) count in the counter, the organisation boards, the
 * daily totals and the organisations' counts, never in anything a person has.
 *
 * Voided acts have left `acts` for `voided_acts`: they count nowhere but in
 * the counter's `voided` (anomalies/void-act-service.ts).
 */
export interface AggregateDefinition {
  name: string;
  table: string;
  keys: string[];
  values: string[];
  expected: RawBuilder<unknown>;
  actual: RawBuilder<unknown>;
  /** Only rows missing from the table are drift (awarded achievements are never taken back). */
  missingOnly?: boolean;
  /**
   * The same check limited to what the acts of a recent range of days count
   * in (`kindly verify --since <day>`), over the same keys on both sides;
   * "whole" where the whole check reads no acts' history. It reads the
   * temporary tables `prepareScope` fills (reconcile-repository.ts).
   */
  since: { expected: RawBuilder<unknown>; actual: RawBuilder<unknown> } | "whole";
  /**
   * The table is another feature's (the contests' tickets): a repair asks its
   * owner to replace the rows of `keys` (all of them when null) by `recounted`.
   */
  rewrite?: (trx: Transaction<DB>, change: { keys: RawBuilder<unknown> | null; recounted: RawBuilder<unknown> }) => Promise<void>;
}

/*
 * A check since a day reads, level by level:
 * - the acts of the range (found by the BRIN index on their day), for the
 *   rows keyed by a day on or after it, and for the leaderboards' months
 *   from the first of its month;
 * - every act of the people who acted in the range (`scope_users`, by the
 *   index on a person's acts), for what a person has;
 * - for the sums over all time of a place, an organisation, a country or a
 *   team (a place's total, a board's year and all-time rows), the rows of
 *   the range recomputed from its acts plus the kept rows before it, which
 *   an earlier check covered: a thousand times fewer rows than acts.
 * So its cost follows the acts of the range and their people, not the
 * history (docs/scale.md, "Verify and repair").
 */
const SINCE = sql`(select day from verify_since)`;
const MONTH_START = sql`(select month_start from verify_since)`;
const MONTH_KEY = sql`(select month_key from verify_since)`;
const YEAR_KEY = sql`(select year_key from verify_since)`;
const SCOPE_USERS = sql`(select user_id from scope_users)`;
const ACTS = sql.table("acts");
/** The acts a check since a day reads, copied once (prepareScope): its people's, and every act since the first of its month. */
const SCOPE_ACTS = sql.table("scope_acts");

/** Every board row counted from the acts that `acts` (a condition on `a`) keeps, in the periods `periods` (on `p.period`) keeps. */
export function boardRows(acts: RawBuilder<unknown>, periods: RawBuilder<unknown>, source = ACTS) {
  return sql`
      select 'individual'::text as scope, p.period, a.user_id as subject_id, count(*)::int as acts
      from ${source} a join period_of_day p on p.day = a.scan_day where a.user_id is not null and ${acts} and ${periods} group by 2, 3
      union all
      select case when o.type = 'company' then 'company' else 'organisation' end, p.period, a.organization_id, count(*)::int
      from ${source} a join period_of_day p on p.day = a.scan_day join ${publishedOrganizations.sql} o on o.id = a.organization_id
      where ${acts} and ${periods}
      group by 1, 2, 3
      union all
      select 'country', p.period, a.country, count(*)::int
      from ${source} a join period_of_day p on p.day = a.scan_day
      where a.country is not null and ${acts} and ${periods} group by 2, 3
      union all
      select g.scope, p.period, g.subject_id, count(*)::int
      from ${source} a join period_of_day p on p.day = a.scan_day
      join ${groupMemberships.sql()} g on g.user_id = a.user_id and g.from_at <= a.scanned_at and (g.until_at is null or g.until_at > a.scanned_at)
      where ${acts} and ${periods}
      group by 1, 2, 3`;
}

/** The boards' month rows from the first of the range's month, counted from its acts. */
export const recentBoardMonths = () => boardRows(sql`a.scan_day >= ${MONTH_START}`, sql`p.period like 'm%'`, SCOPE_ACTS);

const ALL_ACTS = sql`true`;
const ALL_PERIODS = sql`true`;
const ALL_DAYS = sql`true`;

let built: AggregateDefinition[] | undefined;

/** The definitions, built at their first use: the boards count the groups bootstrap.ts gave the engine (group-boards.ts). */
export function aggregates(): AggregateDefinition[] {
  return (built ??= buildAggregates());
}

const buildAggregates = (): AggregateDefinition[] => [
  {
    name: "act counter",
    table: "act_counter",
    keys: ["id"],
    values: ["last_number", "voided"],
    // Voided acts keep their numbers: the counter is past theirs too, and counts them apart.
    expected: sql`
      select 1 as id,
             greatest((select coalesce(max(act_number), 0) from acts), (select coalesce(max(act_number), 0) from voided_acts))::bigint
               as last_number,
             (select count(act_number) from voided_acts)::bigint as voided`,
    actual: sql`select id, last_number, voided from act_counter`,
    since: "whole",
  },
  {
    name: "user totals and streaks",
    table: "user_stats",
    keys: ["user_id"],
    values: [
      "total_acts",
      "bronze",
      "silver",
      "gold",
      "platinum",
      "current_streak",
      "longest_streak",
      "last_act_day",
      "streak_freezes",
      "last_frozen_day",
      "active_days",
    ],
    expected: userTotals(ALL_ACTS),
    actual: sql`select user_id, total_acts, bronze, silver, gold, platinum, current_streak, longest_streak, last_act_day,
                       streak_freezes, last_frozen_day, active_days from user_stats`,
    since: {
      expected: userTotals(sql`a.user_id in ${SCOPE_USERS}`, SCOPE_ACTS),
      actual: sql`select user_id, total_acts, bronze, silver, gold, platinum, current_streak, longest_streak, last_act_day,
                         streak_freezes, last_frozen_day, active_days from user_stats where user_id in ${SCOPE_USERS}`,
    },
  },
  {
    name: "rank histogram",
    table: "act_total_histogram",
    keys: ["total_acts"],
    values: ["users"],
    expected: sql`
      select n as total_acts, count(*)::int as users
      from (select user_id, count(*)::int as n from acts where user_id is not null group by user_id) per_user
      group by n`,
    actual: sql`select total_acts, users from act_total_histogram`,
    // From the people's totals, themselves checked for everyone who acted in the range.
    since: {
      expected: sql`select total_acts, count(*)::int as users from user_stats where total_acts > 0 group by 1`,
      actual: sql`select total_acts, users from act_total_histogram`,
    },
  },
  {
    name: "leaderboards",
    table: "leaderboard_counts",
    keys: ["scope", "period", "subject_id"],
    values: ["acts"],
    expected: boardRows(ALL_ACTS, ALL_PERIODS),
    actual: sql`select scope, period, subject_id, acts from leaderboard_counts`,
    // Months from the range's first month counted from its acts; a touched subject's year and all-time rows from
    // those months plus its kept earlier months. Every kept row is reached by the board's key (scope, period,
    // subject) from `board_scopes`, `board_months` and `scope_board_subjects`, never by reading the whole board.
    since: {
      expected: sql`
        with recent as (${recentBoardMonths()}),
        months as (
          select scope, period, subject_id, acts from recent
          union all
          select l.scope, l.period, l.subject_id, l.acts
          from scope_board_subjects s join board_months k on k.period < ${MONTH_KEY}
          join leaderboard_counts l on l.scope = s.scope and l.period = k.period and l.subject_id = s.subject_id)
        select scope, period, subject_id, acts from recent
        union all
        select m.scope, 'y' || substr(m.period, 2, 4), m.subject_id, sum(m.acts)::int from months m
        join scope_board_subjects s on s.scope = m.scope and s.subject_id = m.subject_id
        where 'y' || substr(m.period, 2, 4) >= ${YEAR_KEY} group by 1, 2, 3
        union all
        select m.scope, 'all', m.subject_id, sum(m.acts)::int from months m
        join scope_board_subjects s on s.scope = m.scope and s.subject_id = m.subject_id group by 1, 2, 3`,
      actual: sql`
        select l.scope, l.period, l.subject_id, l.acts
        from board_scopes b join leaderboard_counts l on l.scope = b.scope and l.period like 'm%' and l.period >= ${MONTH_KEY}
        union all
        select l.scope, l.period, l.subject_id, l.acts
        from scope_board_subjects s
        cross join (select 'all' as period union select distinct 'y' || substr(period, 2, 4) from board_months
                    where 'y' || substr(period, 2, 4) >= ${YEAR_KEY}) p
        join leaderboard_counts l on l.scope = s.scope and l.period = p.period and l.subject_id = s.subject_id`,
    },
  },
  {
    name: "daily totals",
    table: "daily_act_counts",
    keys: ["day"],
    values: ["acts"],
    expected: sql`select scan_day as day, count(*)::int as acts from acts group by 1`,
    actual: sql`select day, acts from daily_act_counts`,
    since: {
      expected: sql`select scan_day as day, count(*)::int as acts from scope_acts where scan_day >= ${SINCE} group by 1`,
      actual: sql`select day, acts from daily_act_counts where day >= ${SINCE}`,
    },
  },
  {
    name: "organisations' counts per day and hour",
    table: "organization_hour_counts",
    keys: ["organization_id", "day", "hour", "card_type"],
    values: ["acts"],
    expected: hourCounts(ALL_ACTS),
    actual: sql`select organization_id, day, hour, card_type, acts from organization_hour_counts`,
    since: {
      expected: hourCounts(sql`scan_day >= ${SINCE}`, SCOPE_ACTS),
      actual: sql`select organization_id, day, hour, card_type, acts from organization_hour_counts where day >= ${SINCE}`,
    },
  },
  {
    name: "counts per location or card series per day",
    table: "source_day_counts",
    keys: ["organization_id", "day", "source_id"],
    values: ["acts"],
    expected: sourceDays(ALL_ACTS),
    actual: sql`select organization_id, day, source_id, acts from source_day_counts`,
    since: {
      expected: sourceDays(sql`scan_day >= ${SINCE}`, SCOPE_ACTS),
      actual: sql`select organization_id, day, source_id, acts from source_day_counts where day >= ${SINCE}`,
    },
  },
  {
    name: "counts per location or card series",
    table: "source_totals",
    keys: ["source_id"],
    values: ["acts"],
    expected: sql`
      select coalesce(location_id, card_series_id) as source_id, count(*)::int as acts
      from acts where coalesce(location_id, card_series_id) is not null group by 1`,
    actual: sql`select source_id, acts from source_totals`,
    // A touched place's total: its days in the range from their acts, its kept days before them.
    since: {
      expected: sql`
        select source_id, sum(acts)::int as acts from (
          select source_id, acts from (${sourceDays(sql`scan_day >= ${SINCE}`, SCOPE_ACTS)}) recent
          union all
          select d.source_id, d.acts from source_day_counts d join scope_sources s on s.source_id = d.source_id where d.day < ${SINCE}
        ) days where source_id in (select source_id from scope_sources) group by 1`,
      actual: sql`select source_id, acts from source_totals where source_id in (select source_id from scope_sources)`,
    },
  },
  {
    name: "a person's acts per organisation",
    table: "person_organization_counts",
    keys: ["user_id", "organization_id"],
    values: ["acts", "first_at", "last_at"],
    expected: personOrganizations(ALL_ACTS),
    // A person whose every act there was voided keeps a row of none (no first or last act to compare).
    actual: sql`select user_id, organization_id, acts, first_at, last_at from person_organization_counts where acts > 0`,
    since: {
      expected: personOrganizations(sql`user_id in ${SCOPE_USERS}`, SCOPE_ACTS),
      actual: sql`select user_id, organization_id, acts, first_at, last_at from person_organization_counts
                  where acts > 0 and user_id in ${SCOPE_USERS}`,
    },
  },
  {
    // Kept by triggers on person_organization_counts (migration 0049): after it, so a rebuild rebuilds it from a rebuilt source.
    name: "participants per organisation per day",
    table: "organization_participant_days",
    keys: ["organization_id", "day"],
    values: ["newcomers", "last_seen"],
    expected: participantDays(ALL_ACTS, ALL_DAYS),
    actual: sql`select organization_id, day, newcomers, last_seen from organization_participant_days`,
    // Someone first or last seen on a day of the range acted in it: their acts tell every such day.
    since: {
      expected: participantDays(sql`user_id in ${SCOPE_USERS}`, sql`v.day >= ${SINCE}`, SCOPE_ACTS),
      actual: sql`select organization_id, day, newcomers, last_seen from organization_participant_days where day >= ${SINCE}`,
    },
  },
  {
    name: "scans per user per day",
    table: "user_scan_days",
    keys: ["user_id", "day"],
    values: ["scans"],
    expected: sql`select user_id, scan_day as day, count(*)::int as scans from acts where user_id is not null group by 1, 2`,
    actual: sql`select user_id, day, scans from user_scan_days`,
    since: {
      expected: sql`select user_id, scan_day as day, count(*)::int as scans from scope_acts
                    where user_id is not null and scan_day >= ${SINCE} group by 1, 2`,
      actual: sql`select user_id, day, scans from user_scan_days where day >= ${SINCE}`,
    },
  },
  {
    name: "contest tickets",
    table: "contest_entries",
    keys: ["contest_id", "user_id"],
    values: ["tickets"],
    expected: contestTickets(ALL_ACTS),
    actual: sql`select contest_id, user_id, tickets from ${contestEntries.sql} e`,
    since: {
      expected: contestTickets(sql`a.user_id in ${SCOPE_USERS}`, SCOPE_ACTS),
      actual: sql`select contest_id, user_id, tickets from ${contestEntries.sql} e where user_id in ${SCOPE_USERS}`,
    },
    rewrite: rewriteTickets,
  },
  {
    name: "member count",
    table: "user_count",
    keys: ["id"],
    values: ["users"],
    expected: sql`select 1 as id, count(*)::bigint as users from ${people.sql} people`,
    actual: sql`select id, users from user_count`,
    since: "whole",
  },
  {
    name: "achievements earned",
    table: "user_achievements",
    keys: ["user_id", "achievement_id"],
    values: [],
    missingOnly: true,
    // A current-streak achievement was earned when the streak reached it, so the longest streak tells.
    expected: earnedAchievements(ALL_ACTS),
    actual: sql`select user_id, achievement_id from user_achievements`,
    since: {
      expected: earnedAchievements(sql`a.user_id in ${SCOPE_USERS}`, SCOPE_ACTS),
      actual: sql`select user_id, achievement_id from user_achievements where user_id in ${SCOPE_USERS}`,
    },
  },
];

function earnedAchievements(acts: RawBuilder<unknown>, source = ACTS) {
  return sql`
      select s.user_id, a.id as achievement_id
      from (select a.user_id, count(*)::int as total, count(*) filter (where rarity = 'platinum')::int as platinum
            from ${source} a where ${acts} group by 1) t
      join expected_streaks s on s.user_id = t.user_id
      join achievements a on
        (a.criteria_type = 'total_acts' and a.criteria_value <= t.total) or
        (a.criteria_type in ('current_streak', 'longest_streak') and a.criteria_value <= s.longest_streak) or
        (a.criteria_type = 'platinum_count' and a.criteria_value <= t.platinum)`;
}

function userTotals(acts: RawBuilder<unknown>, source = ACTS) {
  return sql`
      select a.user_id, count(*)::int as total_acts,
             count(*) filter (where rarity = 'bronze')::int as bronze, count(*) filter (where rarity = 'silver')::int as silver,
             count(*) filter (where rarity = 'gold')::int as gold, count(*) filter (where rarity = 'platinum')::int as platinum,
             s.current_streak, s.longest_streak, s.last_act_day, s.streak_freezes, s.last_frozen_day,
             count(distinct a.scan_day)::int as active_days
      from ${source} a join expected_streaks s on s.user_id = a.user_id
      where ${acts}
      group by a.user_id, s.current_streak, s.longest_streak, s.last_act_day, s.streak_freezes, s.last_frozen_day`;
}

function hourCounts(acts: RawBuilder<unknown>, source = ACTS) {
  return sql`
      select organization_id, scan_day as day, extract(hour from scanned_at at time zone ${KINDLY_TIME_ZONE})::smallint as hour,
             card_type, count(*)::int as acts
      from ${source} where ${acts} group by 1, 2, 3, 4`;
}

function sourceDays(acts: RawBuilder<unknown>, source = ACTS) {
  return sql`
      select organization_id, scan_day as day, coalesce(location_id, card_series_id) as source_id, count(*)::int as acts
      from ${source} where coalesce(location_id, card_series_id) is not null and ${acts} group by 1, 2, 3`;
}

function personOrganizations(acts: RawBuilder<unknown>, source = ACTS) {
  return sql`select user_id, organization_id, count(*)::int as acts, min(scanned_at) as first_at, max(scanned_at) as last_at
             from ${source} where user_id is not null and ${acts} group by 1, 2`;
}

function participantDays(acts: RawBuilder<unknown>, days: RawBuilder<unknown>, source = ACTS) {
  return sql`
      select p.organization_id, v.day, sum(v.newcomers)::int as newcomers, sum(v.last_seen)::int as last_seen
      from (select organization_id, (min(scanned_at) at time zone ${KINDLY_TIME_ZONE})::date as first_day,
                   (max(scanned_at) at time zone ${KINDLY_TIME_ZONE})::date as last_day
            from ${source} where user_id is not null and ${acts} group by organization_id, user_id) p
      cross join lateral (values (p.first_day, 1, 0), (p.last_day, 0, 1)) as v(day, newcomers, last_seen)
      where ${days}
      group by 1, 2`;
}

function contestTickets(acts: RawBuilder<unknown>, source = ACTS) {
  return sql`
      select c.id as contest_id, a.user_id, count(*)::int as tickets
      from ${publishedContests.sql} c join ${source} a on ${contestRunningAt("c", sql.ref("a.scanned_at"))}
      where a.user_id is not null and ${acts} group by 1, 2`;
}
