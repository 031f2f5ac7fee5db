import type { Kysely } from "kysely";
import { currentGoals, type Goal } from "../../../shared/acts/goals.js";
import type { FeedItem, GlobalStats, MyHome } from "../../../shared/schemas/stats.js";
import { nextMilestone } from "../../../shared/acts/milestones.js";
import { movementDay, newYorkDay, weekStartOf } from "../../../shared/acts/new-york-time.js";
import type { Language } from "../../../shared/constants.js";
import { streakOn } from "../../../shared/acts/streaks.js";
import type { DB } from "../../platform/db/schema.js";
import { keepFirstSetting } from "../../platform/db/settings-repository.js";
import { AppError } from "../../kernel/app-error.js";
import { topTeams } from "../leaderboards/index.js";
import * as repo from "./home-repository.js";

const TOP_TEAMS = 5;

/**
 * Home counters, with this month's five leading teams (walking and work
 * teams together) and the goals that still make sense this New York year,
 * judged against the same counter.
 */
export async function globalStats(db: Kysely<DB>, now: Date, goals: readonly Goal[], movementStart: string): Promise<GlobalStats> {
  const today = newYorkDay(now);
  const [counts, teams] = await Promise.all([repo.readGlobalCounts(db, today), topTeams(db, now, TOP_TEAMS)]);
  return {
    ...counts,
    movementDay: movementDay(movementStart, now),
    topTeams: teams,
    goals: currentGoals(goals, counts.totalActs, Number(today.slice(0, 4))),
  };
}

/** The latest numbered acts, newest first. */
export async function feed(db: Kysely<DB>, limit: number): Promise<{ items: FeedItem[] }> {
  return { items: await repo.readFeed(db, limit) };
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
  const streak = streakOn(summary.streak, today);
  return {
    totalActs: summary.totalActs,
    actsThisWeek: summary.weekActs,
    streak: {
      current: streak.current,
      scannedToday: summary.streak.lastDay === today,
      freezes: streak.freezes,
      frozenDay: streak.frozenDay,
    },
    milestone: { next: milestone.next, left: milestone.next - summary.totalActs },
    contest: summary.contest,
    latestAct: summary.latest,
  };
}

/** Where the first start of a deployment writes its movement's first day (unless KINDLY_MOVEMENT_START says). */
export const MOVEMENT_START_SETTING = "movement_start";

/**
 * The movement's first day: the deployment's setting, or the day it first
 * asked (kept, so every process and restart agrees). Read from the primary.
 */
export async function movementStartDay(db: Kysely<DB>, configured: string | undefined, now = new Date()): Promise<string> {
  return configured ?? keepFirstSetting(db, MOVEMENT_START_SETTING, newYorkDay(now));
}
