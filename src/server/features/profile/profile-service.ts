import type { Kysely } from "kysely";
import { nextMilestone } from "../../../shared/acts/milestones.js";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import { rankWithAhead, withRanks } from "../../../shared/acts/rank.js";
import { currentStreakOn } from "../../../shared/acts/streaks.js";
import { RECENT_ACT_NUMBERS, type MyStats } from "../../../shared/schemas/stats.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import * as repo from "./profile-repository.js";

const TOP_ORGANIZATIONS = 3;

/** Everything the profile shows about its owner: totals, true rank, streaks as of today, goals, badges, tickets. */
export async function myStats(db: Kysely<DB>, userId: string, now: Date): Promise<MyStats> {
  const stats = await repo.readProfileStats(db, userId, now, { recent: RECENT_ACT_NUMBERS, organizations: TOP_ORGANIZATIONS });
  if (!stats) throw new AppError("not_found");
  return {
    totalActs: stats.totalActs,
    rank: stats.totalActs === 0 ? null : rankWithAhead(stats.usersAhead),
    currentStreak: currentStreakOn(stats.streak, newYorkDay(now)),
    longestStreak: stats.streak.longest,
    memberSince: stats.createdAt.toISOString(),
    rarities: stats.rarities,
    milestone: nextMilestone(stats.totalActs),
    achievements: stats.achievements,
    recentActNumbers: stats.recentActNumbers,
    topOrganizations: withRanks(stats.topOrganizations),
    contestTickets: stats.contestTickets,
  };
}
