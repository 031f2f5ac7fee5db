import type { Kysely } from "kysely";
import { newYorkDay, periodKeys } from "../../../shared/acts/new-york-time.js";
import { rankedByArrival } from "../../../shared/acts/rank.js";
import {
  TEAM_BOARDS,
  type Leaderboard,
  type LeaderboardBoard,
  type LeaderboardPeriod,
  type MyBoardPlace,
} from "../../../shared/schemas/stats.js";
import { AppError } from "../../kernel/app-error.js";
import { boardKeyFor, pseudonymFor } from "../scan/index.js";
import type { DB } from "../../platform/db/schema.js";
import * as repo from "./leaderboards-repository.js";

const LEADERBOARD_SIZE = 50;

/** Boards count by New York calendar: this month, this year, or all time. */
export function periodKey(period: LeaderboardPeriod, now: Date): string {
  const keys = periodKeys(newYorkDay(now));
  return period === "monthly" ? keys.month : period === "yearly" ? keys.year : keys.all;
}

/**
 * This month's leading teams (walking and work teams together), ranked: the
 * home page shows the first few.
 */
export async function topTeams(db: Kysely<DB>, now: Date, limit: number): Promise<Leaderboard["rows"]> {
  return rankedByArrival(await repo.readLeaderboard(db, [...TEAM_BOARDS], periodKey("monthly", now), limit));
}

/** One subject's count on one board and period (0 when it has none). */
export function boardCount(db: Kysely<DB>, scope: LeaderboardBoard, period: string, subjectId: string): Promise<number> {
  return repo.readBoardCount(db, scope, period, subjectId);
}

/** One board for one period: its top 50, ranked. */
export async function leaderboard(db: Kysely<DB>, board: LeaderboardBoard, period: LeaderboardPeriod, now: Date): Promise<Leaderboard> {
  return { board, period, rows: rankedByArrival(await repo.readLeaderboard(db, [board], periodKey(period, now), LEADERBOARD_SIZE)) };
}

/**
 * The person's own row on the individual board (issue 26 §3: boards mark
 * "you"), read from the primary: it is theirs, and just after a scan it must
 * count it. Ties go to who got there first, as on the board.
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
