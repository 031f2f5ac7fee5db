import type { Kysely } from "kysely";
import { newYorkDay, periodKeys } from "../../../shared/acts/new-york-time.js";
import { currentGoals, type Goal } from "../../../shared/acts/goals.js";
import { withRanks } from "../../../shared/acts/rank.js";
import type {
  FeedItem,
  GlobalStats,
  Leaderboard,
  LeaderboardBoard,
  LeaderboardPeriod,
  MyBoardPlace,
} from "../../../shared/schemas/stats.js";
import { AppError } from "../../http/app-error.js";
import { boardKeyFor, pseudonymFor } from "../scans/pseudonym.js";
import type { DB } from "../../platform/db/schema.js";
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

/**
 * The person's own row on the individual board (issue 26 §3: boards mark
 * "you"), read from the primary: it is theirs, and just after a scan it must
 * count it. Ties share a rank, as on the board.
 */
export async function myBoardPlace(db: Kysely<DB>, userId: string, period: LeaderboardPeriod, now: Date): Promise<MyBoardPlace> {
  const row = await repo.readMyBoardPlace(db, userId, periodKey(period, now));
  if (!row) throw new AppError("not_found");
  const acts = row.acts ?? 0;
  return {
    key: boardKeyFor(userId),
    name: row.show ? row.username : pseudonymFor(userId),
    pseudonymous: !row.show,
    rank: acts > 0 ? Number(row.ahead) + 1 : null,
    acts,
  };
}
