import { sql, type Kysely } from "kysely";
import { cardJourneyId } from "../../../shared/schemas/cards.js";
import { contestRunningAt } from "../contests/running-contest.js";
import type { AchievementView, HistoryAct } from "../../../shared/schemas/stats.js";
import type { DB } from "../../platform/db/schema.js";
import type { Language } from "../../../shared/constants.js";
import type { Rarity } from "../../../shared/acts/rarity.js";

/**
 * One page of the person's act history, newest first, with their total and
 * their number of active days, in one statement. Acts wait for their number
 * for milliseconds after their commit; they show once numbered.
 */
export async function readHistory(db: Kysely<DB>, userId: string, before: number | undefined, limit: number) {
  const { rows } = await sql<{ total_acts: number | null; active_days: number; acts: HistoryRow[] | string }>`
    select (select total_acts from user_stats where user_id = ${userId}) as total_acts,
      (select count(*)::int from user_scan_days where user_id = ${userId} and scans > 0) as active_days,
      (select coalesce(json_agg(p order by p.act_number desc), '[]'::json) from (
         select a.id, a.act_number, o.name, a.card_type, a.rarity, a.scanned_at, a.scan_day, a.user_pseudo, a.card_series_id, a.card_number
         from acts a join organizations o on o.id = a.organization_id
         where a.user_id = ${userId} and a.act_number is not null
           ${before === undefined ? sql`` : sql`and a.act_number < ${before}`}
         order by a.act_number desc limit ${limit}) p) as acts
  `.execute(db);
  const row = rows[0]!;
  return {
    totalActs: row.total_acts ?? 0,
    activeDays: Number(row.active_days),
    acts: fromJson(row.acts).map((act): HistoryAct => ({
      id: act.id,
      actNumber: Number(act.act_number),
      organizationName: act.name,
      cardType: act.card_type,
      rarity: act.rarity,
      scannedAt: new Date(act.scanned_at).toISOString(),
      day: act.scan_day,
      pseudonym: act.user_pseudo,
      journeyId: act.card_type === "portable" && act.card_series_id ? cardJourneyId(act.card_series_id, act.card_number) : null,
    })),
  };
}

interface HistoryRow {
  id: string;
  act_number: number;
  name: string;
  card_type: HistoryAct["cardType"];
  rarity: HistoryAct["rarity"];
  scanned_at: string;
  scan_day: string;
  user_pseudo: string;
  card_series_id: string | null;
  card_number: number | null;
}

/** json columns arrive parsed from `pg` and as text from some drivers. */
const fromJson = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/**
 * Everything the profile shows about its owner, in one statement (one round
 * trip instead of six): totals, users ahead in the rank histogram, every
 * achievement with its date, the latest act numbers, the top organisations and
 * the tickets in the contest running now.
 */
export async function readProfileStats(db: Kysely<DB>, userId: string, now: Date, limits: { recent: number; organizations: number }) {
  const { rows } = await sql<{
    created_at: Date;
    total_acts: number | null;
    current_streak: number | null;
    longest_streak: number | null;
    last_act_day: string | null;
    bronze: number | null;
    silver: number | null;
    gold: number | null;
    platinum: number | null;
    ahead: number;
    achievements: AchievementRow[] | string;
    recent: number[] | string;
    organizations: { id: string; name: string; acts: number }[] | string;
    tickets: number;
  }>`
    select u.created_at, s.total_acts, s.current_streak, s.longest_streak, s.last_act_day, s.bronze, s.silver, s.gold, s.platinum,
      (select coalesce(sum(h.users), 0)::int from act_total_histogram h where h.total_acts > coalesce(s.total_acts, 0)) as ahead,
      (select json_agg(json_build_object('id', a.id, 'icon', a.icon, 'points', a.points, 'criteria_type', a.criteria_type,
                                         'criteria_value', a.criteria_value, 'earned_at', ua.earned_at) order by a.sort_order)
         from achievements a left join user_achievements ua on ua.achievement_id = a.id and ua.user_id = u.id) as achievements,
      (select coalesce(json_agg(r.act_number), '[]'::json) from (
         select act_number from acts where user_id = u.id and act_number is not null order by act_number desc limit ${limits.recent}) r) as recent,
      (select coalesce(json_agg(t), '[]'::json) from (
         select o.id, o.name, count(*)::int as acts from acts a join organizations o on o.id = a.organization_id
         where a.user_id = u.id group by o.id, o.name order by acts desc, o.name limit ${limits.organizations}) t) as organizations,
      (select coalesce(sum(e.tickets), 0)::int from contest_entries e join contests c on c.id = e.contest_id
         where e.user_id = u.id and ${contestRunningAt("c", now)}) as tickets
    from users u left join user_stats s on s.user_id = u.id
    where u.id = ${userId}
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    createdAt: new Date(row.created_at),
    totalActs: row.total_acts ?? 0,
    streak: { current: row.current_streak ?? 0, longest: row.longest_streak ?? 0, lastDay: row.last_act_day ?? null },
    rarities: { bronze: row.bronze ?? 0, silver: row.silver ?? 0, gold: row.gold ?? 0, platinum: row.platinum ?? 0 },
    usersAhead: Number(row.ahead),
    achievements: fromJson(row.achievements).map(toAchievementView),
    recentActNumbers: fromJson(row.recent).map(Number),
    topOrganizations: fromJson(row.organizations),
    contestTickets: Number(row.tickets),
  };
}

interface AchievementRow {
  id: string;
  icon: string;
  points: number;
  criteria_type: string;
  criteria_value: number;
  earned_at: string | Date | null;
}

function toAchievementView(row: AchievementRow): AchievementView {
  return {
    id: row.id,
    icon: row.icon,
    points: row.points,
    criteriaType: row.criteria_type,
    criteriaValue: row.criteria_value,
    earnedAt: row.earned_at ? new Date(row.earned_at).toISOString() : null,
  };
}

/**
 * What the home page shows its person, in one round trip: totals and streak
 * (user_stats), acts since `weekStart`, the latest act, and the contest
 * running now with their tickets.
 */
export async function readHomeSummary(db: Kysely<DB>, userId: string, now: Date, weekStart: string, language: Language) {
  const contestName = language === "fr" ? sql.ref("c.name_fr") : sql.ref("c.name_en");
  const { rows } = await sql<{
    total_acts: number | null;
    current_streak: number | null;
    longest_streak: number | null;
    last_act_day: string | null;
    week_acts: number;
    latest: { act_number: number | null; organization_name: string; scanned_at: string; rarity: Rarity } | string | null;
    contest: { id: string; name: string; ends_at: string; tickets: number } | string | null;
  }>`
    select s.total_acts, s.current_streak, s.longest_streak, s.last_act_day,
      (select coalesce(sum(d.scans), 0)::int from user_scan_days d where d.user_id = u.id and d.day >= ${weekStart}) as week_acts,
      (select json_build_object('act_number', a.act_number, 'organization_name', o.name, 'scanned_at', a.scanned_at, 'rarity', a.rarity)
         from acts a join organizations o on o.id = a.organization_id
         where a.user_id = u.id order by a.scanned_at desc limit 1) as latest,
      (select json_build_object('id', c.id, 'name', ${contestName}, 'ends_at', c.ends_at,
                                'tickets', coalesce((select e.tickets from contest_entries e where e.contest_id = c.id and e.user_id = u.id), 0))
         from contests c where ${contestRunningAt("c", now)} order by c.ends_at limit 1) as contest
    from users u left join user_stats s on s.user_id = u.id
    where u.id = ${userId}
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const latest = row.latest === null ? null : fromJson(row.latest);
  const contest = row.contest === null ? null : fromJson(row.contest);
  return {
    totalActs: row.total_acts ?? 0,
    streak: { current: row.current_streak ?? 0, longest: row.longest_streak ?? 0, lastDay: row.last_act_day ?? null },
    weekActs: Number(row.week_acts),
    latest: latest && {
      actNumber: latest.act_number === null ? null : Number(latest.act_number),
      organizationName: latest.organization_name,
      scannedAt: new Date(latest.scanned_at).toISOString(),
      rarity: latest.rarity,
    },
    contest: contest && {
      id: contest.id,
      name: contest.name,
      endsAt: new Date(contest.ends_at).toISOString(),
      tickets: Number(contest.tickets),
    },
  };
}
