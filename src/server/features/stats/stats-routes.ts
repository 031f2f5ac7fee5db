import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { newYorkDay, periodKeys } from "../../../shared/acts/new-york-time.js";
import { leaderboardQuerySchema, type GlobalStats, type Leaderboard, type LeaderboardPeriod } from "../../../shared/schemas/stats.js";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AppDeps } from "../../http/deps.js";
import { readFeed, readGlobalCounts, readLeaderboard } from "./stats-repository.js";

export const FEED_SIZE = 20;
const LEADERBOARD_SIZE = 50;
const TOP_TEAMS = 5;

export function periodKey(period: LeaderboardPeriod, now = new Date()): string {
  const keys = periodKeys(newYorkDay(now));
  return period === "monthly" ? keys.month : period === "yearly" ? keys.year : keys.all;
}

/** Public numbers: home counters, the live feed, leaderboards (cached briefly, from a replica when there is one). */
export const statsRoutes =
  ({ reads, publicCache }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    /** From the shared cache, unless this browser just wrote and must see it. */
    const shared = async <T>(request: FastifyRequest, key: string, load: (db: Kysely<DB>) => Promise<T>): Promise<T> => {
      if (reads.justWrote(request)) return load(await reads.readerFor(request));
      return publicCache.get(key, async () => load(await reads.readerFor(request)));
    };

    app.get("/stats", (request): Promise<GlobalStats> =>
      shared(request, "stats", async (db) => {
        const now = new Date();
        const [counts, topTeams] = await Promise.all([
          readGlobalCounts(db, newYorkDay(now)),
          readLeaderboard(db, ["company", "organisation"], periodKey("monthly", now), TOP_TEAMS),
        ]);
        return { ...counts, topTeams };
      }),
    );

    app.get(
      "/feed",
      { schema: { querystring: z.object({ limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), FEED_SIZE) }) } },
      (request) => shared(request, `feed:${request.query.limit}`, async (db) => ({ items: await readFeed(db, request.query.limit) })),
    );

    app.get("/leaderboards", { schema: { querystring: leaderboardQuerySchema } }, (request): Promise<Leaderboard> => {
      const { board, period } = request.query;
      return shared(request, `leaderboard:${board}:${period}`, async (db) => ({
        board,
        period,
        rows: await readLeaderboard(db, [board], periodKey(period), LEADERBOARD_SIZE),
      }));
    });
  };
