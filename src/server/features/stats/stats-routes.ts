import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { newYorkDay, periodKeys } from "../../../shared/acts/new-york-time.js";
import { leaderboardQuerySchema, type GlobalStats, type Leaderboard, type LeaderboardPeriod } from "../../../shared/schemas/stats.js";
import type { AppDeps } from "../../http/deps.js";
import { readFeed, readGlobalCounts, readLeaderboard } from "./stats-repository.js";

export const FEED_SIZE = 20;
const LEADERBOARD_SIZE = 50;
const TOP_TEAMS = 5;

export function periodKey(period: LeaderboardPeriod, now = new Date()): string {
  const keys = periodKeys(newYorkDay(now));
  return period === "monthly" ? keys.month : period === "yearly" ? keys.year : keys.all;
}

/** Public numbers: home counters, the live feed, leaderboards (from a replica when there is one). */
export const statsRoutes =
  ({ reads }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/stats", async (request): Promise<GlobalStats> => {
      const db = await reads.readerFor(request);
      const now = new Date();
      const [counts, topTeams] = await Promise.all([
        readGlobalCounts(db, newYorkDay(now)),
        readLeaderboard(db, ["company", "organisation"], periodKey("monthly", now), TOP_TEAMS),
      ]);
      return { ...counts, topTeams };
    });

    app.get(
      "/feed",
      { schema: { querystring: z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), FEED_SIZE) }) } },
      async (request) => ({ items: await readFeed(await reads.readerFor(request), request.query.limit) }),
    );

    app.get("/leaderboards", { schema: { querystring: leaderboardQuerySchema } }, async (request): Promise<Leaderboard> => {
      const { board, period } = request.query;
      const db = await reads.readerFor(request);
      return { board, period, rows: await readLeaderboard(db, [board], periodKey(period), LEADERBOARD_SIZE) };
    });
  };
