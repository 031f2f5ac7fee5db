import type { Kysely } from "kysely";
import { newYorkDay, periodKeys } from "../../../shared/acts/new-york-time.js";
import { currentGoals, type Goal } from "../../../shared/acts/goals.js";
import { withRanks } from "../../../shared/acts/rank.js";
import type { FeedItem, GlobalStats, Leaderboard, LeaderboardBoard, LeaderboardPeriod } from "../../../shared/schemas/stats.js";
import type { DB } from "../../db/schema.js";
import * as repo from "./stats-repository.js";

const LEADERBOARD_SIZE = 50;
const TOP_TEAMS = 5;

/** Boards count by New York calendar: this month, this year, or all time. */
export function periodKey(period: LeaderboardPeriod, now: Date): string {
  const keys = periodKeys(newYorkDay(now));
  return period === "monthly" ? keys.month : period === "yearly" ? keys.year : keys.all;
}

/**
 * Home counters, with this month's five leading teams (companies and
 * organisations together) and the goals that still make sense this New York
 * year, judged against the same counter.
 */
export async function globalStats(db: Kysely<DB>, now: Date, goals: readonly Goal[]): Promise<GlobalStats> {
  const today = newYorkDay(now);
  const [counts, topTeams] = await Promise.all([
    repo.readGlobalCounts(db, today),
    repo.readLeaderboard(db, ["company", "organisation"], periodKey("monthly", now), TOP_TEAMS),
  ]);
  return { ...counts, topTeams: withRanks(topTeams), goals: currentGoals(goals, counts.totalActs, Number(today.slice(0, 4))) };
}

/** The latest numbered acts, newest first. */
export async function feed(db: Kysely<DB>, limit: number): Promise<{ items: FeedItem[] }> {
  return { items: await repo.readFeed(db, limit) };
}

/** One board for one period: its top 50, ranked. */
export async function leaderboard(db: Kysely<DB>, board: LeaderboardBoard, period: LeaderboardPeriod, now: Date): Promise<Leaderboard> {
  return { board, period, rows: withRanks(await repo.readLeaderboard(db, [board], periodKey(period, now), LEADERBOARD_SIZE)) };
}
