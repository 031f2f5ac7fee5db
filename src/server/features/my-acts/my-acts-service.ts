import type { Kysely } from "kysely";
import { nextMilestone } from "../../../shared/acts/milestones.js";
import { newYorkDay, weekStartOf } from "../../../shared/acts/new-york-time.js";
import type { Language } from "../../../shared/constants.js";
import { rankWithAhead, withRanks } from "../../../shared/acts/rank.js";
import { currentStreakOn } from "../../../shared/acts/streaks.js";
import { HISTORY_PAGE_SIZE, RECENT_ACT_NUMBERS, type ActHistory, type MyHome, type MyStats } from "../../../shared/schemas/stats.js";
import type { DB } from "../../platform/db/schema.js";
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
 * The home page's own part (issue 26 §2): the streak as of today and whether
 * today's act is still to come, the week's acts, what is left to the next
 * milestone, the running contest's tickets, the latest act.
 */
export async function myHome(db: Kysely<DB>, userId: string, now: Date, language: Language): Promise<MyHome> {
  const today = newYorkDay(now);
  const summary = await repo.readHomeSummary(db, userId, now, weekStartOf(today), language);
  if (!summary) throw new AppError("not_found");
  const milestone = nextMilestone(summary.totalActs);
  return {
    totalActs: summary.totalActs,
    actsThisWeek: summary.weekActs,
    streak: { current: currentStreakOn(summary.streak, today), scannedToday: summary.streak.lastDay === today },
    milestone: { next: milestone.next, left: milestone.next - summary.totalActs },
    contest: summary.contest,
    latestAct: summary.latest,
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
