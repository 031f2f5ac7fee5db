import type { Kysely } from "kysely";
import { nextMilestone } from "../../../shared/acts/milestones.js";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import { rankWithAhead, withRanks } from "../../../shared/acts/rank.js";
import { currentStreakOn } from "../../../shared/acts/streaks.js";
import { HISTORY_PAGE_SIZE, RECENT_ACT_NUMBERS, type ActHistory, type MyStats } from "../../../shared/schemas/stats.js";
import type { DB } from "../../db/schema.js";
import { AppError } from "../../http/app-error.js";
import * as repo from "./my-acts-repository.js";

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

/**
 * One page of the person's acts, newest first, `HISTORY_PAGE_SIZE` at a time:
 * `before` is the previous page's last act number; `nextBefore` is null on the last page.
 */
export async function myHistory(db: Kysely<DB>, userId: string, before: number | undefined): Promise<ActHistory> {
  // One act more than a page tells whether another page follows.
  const { totalActs, activeDays, acts } = await repo.readHistory(db, userId, before, HISTORY_PAGE_SIZE + 1);
  const page = acts.slice(0, HISTORY_PAGE_SIZE);
  return {
    totalActs,
    activeDays,
    latestActAt: before === undefined ? (page[0]?.scannedAt ?? null) : null,
    acts: page,
    nextBefore: acts.length > HISTORY_PAGE_SIZE ? page[page.length - 1]!.actNumber : null,
  };
}
