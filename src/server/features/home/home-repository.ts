import { streakFromColumns, type StreakColumns } from "../../../shared/acts/streaks.js";
import { sql, type Kysely, type NotNull } from "kysely";
import { DEFAULT_LANGUAGE } from "../../../shared/i18n/languages.js";
import type { DB } from "../../platform/db/schema.js";
import { fromJson } from "../../platform/db/json-column.js";
import type { FeedItem, GlobalStats } from "../../../shared/schemas/stats.js";
import { contestRunningAt } from "../contests/index.js";
import type { Language } from "../../../shared/constants.js";
import type { Rarity } from "../../../shared/acts/rarity.js";
import { people } from "../users/read-models.js";
import { publishedOrganizations } from "../organizations/read-models.js";
import { actCounter, boardCounts, dailyActCounts, memberCount, personScanDays, personTotals, publishedActs } from "../scan/read-models.js";
import { contestEntries, publishedContests } from "../contests/read-models.js";

// Every query here reads an aggregate table or walks an index from its top,
// so its cost stays flat as acts accumulate.

export async function readGlobalCounts(db: Kysely<DB>, today: string): Promise<Omit<GlobalStats, "topTeams" | "goals" | "movementDay">> {
  const row = await db
    .selectNoFrom([
      sql<number>`(select last_number - voided from ${actCounter.sql} act_counter where id = 1)`.as("total_acts"),
      sql<number>`coalesce((select acts from ${dailyActCounts.sql} daily_act_counts where day = ${today}), 0)`.as("today_acts"),
      sql<number>`(select users from ${memberCount.sql} user_count where id = 1)`.as("users"),
      sql<number>`(select count(*) from ${publishedOrganizations.sql} organizations where type = 'company')`.as("companies"),
      sql<number>`(select count(*) from ${boardCounts.sql} leaderboard_counts where scope = 'country' and period = 'all' and acts > 0)`.as(
        "countries",
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalActs: Number(row.total_acts),
    todayActs: Number(row.today_acts),
    users: Number(row.users),
    companies: Number(row.companies),
    countries: Number(row.countries),
  };
}

export async function readFeed(db: Kysely<DB>, limit: number): Promise<FeedItem[]> {
  const rows = await db
    .selectFrom(publishedActs.from(db).as("a"))
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "a.organization_id")
    .select(["a.act_number", "a.scanned_at", "a.user_pseudo", "o.name"])
    .where("a.act_number", "is not", null)
    // The feed shows people's scans; manual acts are counted, not shown here.
    .where("a.user_pseudo", "is not", null)
    .$narrowType<{ act_number: NotNull; user_pseudo: NotNull }>()
    .orderBy("a.act_number", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    actNumber: row.act_number,
    scannedAt: new Date(row.scanned_at).toISOString(),
    pseudonym: row.user_pseudo,
    organizationName: row.name,
  }));
}

/**
 * What the home page shows its person, in one round trip: totals and streak
 * (user_stats), acts since `weekStart`, the latest act, and the contest
 * running now with their tickets.
 */
export async function readHomeSummary(db: Kysely<DB>, userId: string, now: Date, weekStart: string, language: Language) {
  // The name in the person's language, else in the default one (a language added later may lack it).
  const contestName = sql`coalesce(nullif(c.name ->> ${language}, ''), c.name ->> ${DEFAULT_LANGUAGE})`;
  const { rows } = await sql<
    StreakColumns & {
      total_acts: number | null;
      week_acts: number;
      latest: { act_number: number | null; organization_name: string; scanned_at: string; rarity: Rarity } | string | null;
      contest: { id: string; name: string; ends_at: string; tickets: number } | string | null;
    }
  >`
    select s.total_acts, s.current_streak, s.longest_streak, s.last_act_day, s.streak_freezes, s.last_frozen_day,
      (select coalesce(sum(d.scans), 0)::int from ${personScanDays.sql} d where d.user_id = u.id and d.day >= ${weekStart}) as week_acts,
      (select json_build_object('act_number', a.act_number, 'organization_name', o.name, 'scanned_at', a.scanned_at, 'rarity', a.rarity)
         from ${publishedActs.sql} a join ${publishedOrganizations.sql} o on o.id = a.organization_id
         where a.user_id = u.id order by a.scanned_at desc limit 1) as latest,
      (select json_build_object('id', c.id, 'name', ${contestName}, 'ends_at', c.ends_at,
                                'tickets', coalesce((select e.tickets from ${contestEntries.sql} e where e.contest_id = c.id and e.user_id = u.id), 0))
         from ${publishedContests.sql} c where ${contestRunningAt("c", now)} order by c.ends_at limit 1) as contest
    from ${people.sql} u left join ${personTotals.sql} s on s.user_id = u.id
    where u.id = ${userId}
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const latest = row.latest === null ? null : fromJson(row.latest);
  const contest = row.contest === null ? null : fromJson(row.contest);
  return {
    totalActs: row.total_acts ?? 0,
    streak: streakFromColumns(row),
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
