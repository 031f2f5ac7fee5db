import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nextMilestone } from "../../../shared/acts/milestones.js";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import { currentStreakOn } from "../../../shared/acts/streaks.js";
import {
  HISTORY_PAGE_SIZE,
  historyQuerySchema,
  RECENT_ACT_NUMBERS,
  type ActHistory,
  type MyStats,
} from "../../../shared/schemas/stats.js";
import { AppError } from "../../http/app-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requireUser } from "../auth/current-user.js";
import * as repo from "./my-acts-repository.js";

const TOP_ORGANIZATIONS = 3;

/** The signed-in person's own numbers: profile stats and act history. */
export const myActsRoutes =
  ({ db, sessions }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preHandler", requireUser(sessions));

    app.get("/me/stats", async (request): Promise<MyStats> => {
      const userId = request.userId!;
      const stats = await repo.readUserStats(db, userId);
      if (!stats) throw new AppError("not_found");
      const totalActs = stats.total_acts ?? 0;
      const [ahead, achievements, recentActNumbers, topOrganizations, contestTickets] = await Promise.all([
        repo.countUsersAhead(db, totalActs),
        repo.readAchievements(db, userId),
        repo.readRecentActNumbers(db, userId, RECENT_ACT_NUMBERS),
        repo.readTopOrganizations(db, userId, TOP_ORGANIZATIONS),
        repo.readActiveContestTickets(db, userId),
      ]);
      const streak = { current: stats.current_streak ?? 0, longest: stats.longest_streak ?? 0, lastDay: stats.last_act_day ?? null };
      return {
        totalActs,
        rank: ahead + 1,
        currentStreak: currentStreakOn(streak, newYorkDay(new Date())),
        longestStreak: streak.longest,
        memberSince: new Date(stats.created_at).toISOString(),
        rarities: { bronze: stats.bronze ?? 0, silver: stats.silver ?? 0, gold: stats.gold ?? 0, platinum: stats.platinum ?? 0 },
        milestone: nextMilestone(totalActs),
        achievements,
        recentActNumbers,
        topOrganizations,
        contestTickets,
      };
    });

    app.get("/me/acts", { schema: { querystring: historyQuerySchema } }, async (request): Promise<ActHistory> => {
      const userId = request.userId!;
      const [stats, activeDays, acts] = await Promise.all([
        repo.readUserStats(db, userId),
        repo.countActiveDays(db, userId),
        repo.readHistoryPage(db, userId, request.query.before, HISTORY_PAGE_SIZE + 1),
      ]);
      const page = acts.slice(0, HISTORY_PAGE_SIZE);
      const latest = request.query.before === undefined ? (page[0]?.scannedAt ?? null) : null;
      return {
        totalActs: stats?.total_acts ?? 0,
        activeDays,
        latestActAt: latest,
        acts: page,
        nextBefore: acts.length > HISTORY_PAGE_SIZE ? page[page.length - 1]!.actNumber : null,
      };
    });
  };
