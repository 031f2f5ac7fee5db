import { streakFromColumns, type StreakColumns } from "../../../shared/acts/streaks.js";
import { sql, type Kysely } from "kysely";
import { contestRunningAt } from "../contests/index.js";
import type { DB } from "../../platform/db/schema.js";
import { fromJson } from "../../platform/db/json-column.js";
import { prepared } from "../../platform/db/prepared.js";
import type { AchievementView } from "../../../shared/schemas/stats.js";
import { people } from "../users/read-models.js";
import { publishedOrganizations } from "../organizations/read-models.js";
import { actTotalHistogram, personAchievements, personOrganizationCounts, personTotals, publishedActs } from "../scan/read-models.js";
import { contestEntries, publishedContests } from "../contests/read-models.js";

const profileStats = prepared<{ userId: string; now: Date; recent: number; organizations: number }>()(
  "profile_stats",
  (_, p) => sql<
    StreakColumns & {
      created_at: Date;
      total_acts: number | null;
      bronze: number | null;
      silver: number | null;
      gold: number | null;
      platinum: number | null;
      ahead: number;
      achievements: AchievementRow[] | string;
      recent: number[] | string;
      organizations: { id: string; name: string; acts: number }[] | string;
      tickets: number;
    }
  >`
    select u.created_at, s.total_acts, s.current_streak, s.longest_streak, s.last_act_day, s.streak_freezes, s.last_frozen_day, s.bronze, s.silver, s.gold, s.platinum,
      (select coalesce(sum(h.users), 0)::int from ${actTotalHistogram.sql} h where h.total_acts > coalesce(s.total_acts, 0)) as ahead,
      (select json_agg(json_build_object('id', a.id, 'icon', a.icon, 'points', a.points, 'criteria_type', a.criteria_type,
                                         'criteria_value', a.criteria_value, 'earned_at', ua.earned_at) order by a.sort_order)
         from achievements a left join ${personAchievements.sql} ua on ua.achievement_id = a.id and ua.user_id = u.id) as achievements,
      (select coalesce(json_agg(r.act_number), '[]'::json) from (
         select act_number from ${publishedActs.sql} acts where user_id = u.id and act_number is not null order by act_number desc limit ${p.recent}::int) r) as recent,
      -- The person's own rows of the per-organisation counts (kept by the numbering step), not their acts.
      (select coalesce(json_agg(t), '[]'::json) from (
         select o.id, o.name, c.acts from ${personOrganizationCounts.sql} c join ${publishedOrganizations.sql} o on o.id = c.organization_id
         where c.user_id = u.id and c.acts > 0 order by c.acts desc, o.name limit ${p.organizations}::int) t) as organizations,
      (select coalesce(sum(e.tickets), 0)::int from ${contestEntries.sql} e join ${publishedContests.sql} c on c.id = e.contest_id
         where e.user_id = u.id and ${contestRunningAt("c", p.now)}) as tickets
    from ${people.sql} u left join ${personTotals.sql} s on s.user_id = u.id
    where u.id = ${p.userId}
  `,
);

/**
 * Everything the profile shows about its owner, in one statement (one round
 * trip instead of six): totals, users ahead in the rank histogram, every
 * achievement with its date, the latest act numbers, the top organisations and
 * the tickets in the contest running now.
 */
export async function readProfileStats(db: Kysely<DB>, userId: string, now: Date, limits: { recent: number; organizations: number }) {
  const { rows } = await profileStats.execute(db, { userId, now, ...limits });
  const row = rows[0];
  if (!row) return undefined;
  return {
    createdAt: new Date(row.created_at),
    totalActs: row.total_acts ?? 0,
    streak: streakFromColumns(row),
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
