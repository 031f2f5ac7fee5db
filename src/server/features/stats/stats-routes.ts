import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  feedQuerySchema,
  feedSchema,
  globalStatsSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  myBoardPlaceQuerySchema,
  myBoardPlaceSchema,
} from "../../../shared/schemas/stats.js";
import type { DB } from "../../platform/db/schema.js";
import type { AppDeps } from "../../http/deps.js";
import { sharedRead } from "./public-read-cache.js";
import { feed, globalStats, leaderboard, myBoardPlace } from "./stats-service.js";

/** Public numbers: home counters, the live feed, leaderboards (cached briefly, from a replica when there is one). */
export const statsRoutes =
  ({ db, reads, publicCache, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const shared = <T>(request: FastifyRequest, key: string, load: (db: Kysely<DB>) => Promise<T>) =>
      sharedRead({ reads, publicCache }, request, key, load);

    app.get("/stats", { config: { access: "anyone" }, schema: { response: { 200: globalStatsSchema } } }, (request) =>
      shared(request, "stats", (db) => globalStats(db, new Date(), config.MOVEMENT_GOALS)),
    );

    app.get("/feed", { config: { access: "anyone" }, schema: { querystring: feedQuerySchema, response: { 200: feedSchema } } }, (request) =>
      shared(request, `feed:${request.query.limit}`, (db) => feed(db, request.query.limit)),
    );

    const leaderboardSchemas = { querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema } };
    app.get("/leaderboards", { config: { access: "anyone" }, schema: leaderboardSchemas }, (request) => {
      const { board, period } = request.query;
      return shared(request, `leaderboard:${board}:${period}`, (db) => leaderboard(db, board, period, new Date()));
    });

    // The person's own row, to mark "you" on the public board (never cached: it is theirs).
    app.get(
      "/me/leaderboard",
      { config: { access: "signed-in" }, schema: { querystring: myBoardPlaceQuerySchema, response: { 200: myBoardPlaceSchema } } },
      (request) => myBoardPlace(db, request.userId!, request.query.period, new Date()),
    );
  };
