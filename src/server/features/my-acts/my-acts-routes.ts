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
      const stats = await repo.readProfileStats(db, request.userId!, { recent: RECENT_ACT_NUMBERS, organizations: TOP_ORGANIZATIONS });
      if (!stats) throw new AppError("not_found");
      return {
        totalActs: stats.totalActs,
        // The true rank (DESIGN.md 4.3): 1 + the number of people with more acts.
        rank: stats.usersAhead + 1,
        currentStreak: currentStreakOn(stats.streak, newYorkDay(new Date())),
        longestStreak: stats.streak.longest,
        memberSince: stats.createdAt.toISOString(),
        rarities: stats.rarities,
        milestone: nextMilestone(stats.totalActs),
        achievements: stats.achievements,
        recentActNumbers: stats.recentActNumbers,
        topOrganizations: stats.topOrganizations,
        contestTickets: stats.contestTickets,
      };
    });

    app.get("/me/acts", { schema: { querystring: historyQuerySchema } }, async (request): Promise<ActHistory> => {
      const { totalActs, activeDays, acts } = await repo.readHistory(db, request.userId!, request.query.before, HISTORY_PAGE_SIZE + 1);
      const page = acts.slice(0, HISTORY_PAGE_SIZE);
      const latest = request.query.before === undefined ? (page[0]?.scannedAt ?? null) : null;
      return {
        totalActs,
        activeDays,
        latestActAt: latest,
        acts: page,
        nextBefore: acts.length > HISTORY_PAGE_SIZE ? page[page.length - 1]!.actNumber : null,
      };
    });
  };
