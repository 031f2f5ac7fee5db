import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { leaderboardQuerySchema, leaderboardSchema, myBoardPlaceQuerySchema, myBoardPlaceSchema } from "../../../shared/schemas/stats.js";
import type { HttpDeps } from "../../http/deps.js";
import { sendSharedRead } from "../../http/public-read-cache.js";
import { leaderboard, myBoardPlace } from "./leaderboards-service.js";

/** The public boards (cached briefly, from a replica when there is one), and the person's own place on them. */
export const leaderboardsRoutes =
  ({ db, reads, publicCache }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const leaderboardSchemas = { querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema } };
    app.get("/leaderboards", { config: { access: "anyone" }, schema: leaderboardSchemas }, (request, reply) => {
      const { board, period } = request.query;
      const shared = { key: `leaderboard:${board}:${period}`, schema: leaderboardSchema };
      return sendSharedRead({ reads, publicCache }, request, reply, shared, (db) => leaderboard(db, board, period, new Date()));
    });

    // The person's own row, to mark "you" on the public board (never cached: it is theirs).
    app.get(
      "/me/leaderboard",
      { config: { access: "signed-in" }, schema: { querystring: myBoardPlaceQuerySchema, response: { 200: myBoardPlaceSchema } } },
      (request) => myBoardPlace(db, request.userId!, request.query.period, new Date()),
    );
  };
