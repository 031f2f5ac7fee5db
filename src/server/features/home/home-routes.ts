import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { feedQuerySchema, feedSchema, globalStatsSchema, myHomeSchema } from "../../../shared/schemas/stats.js";
import type { HttpDeps } from "../../http/deps.js";
import { sendSharedRead } from "../../http/public-read-cache.js";
import { requestLanguage } from "../../kernel/request-language.js";
import { feed, globalStats, movementStartDay, myHome } from "./home-service.js";

/**
 * The home page: the public counters and the live feed (cached briefly, from a
 * replica when there is one), and the signed-in person's own part.
 */
export const homeRoutes =
  ({ db, reads, publicCache, config }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Known once per process (a failed read is tried again at the next request).
    let movementStart: Promise<string> | null = null;
    const startDay = () =>
      (movementStart ??= movementStartDay(db, config.KINDLY_MOVEMENT_START).catch((error: unknown) => {
        movementStart = null;
        throw error;
      }));
    app.get("/stats", { config: { access: "anyone" }, schema: { response: { 200: globalStatsSchema } } }, (request, reply) =>
      sendSharedRead({ reads, publicCache }, request, reply, { key: "stats", schema: globalStatsSchema }, async (reader) =>
        globalStats(reader, new Date(), config.MOVEMENT_GOALS, await startDay()),
      ),
    );

    app.get(
      "/feed",
      { config: { access: "anyone" }, schema: { querystring: feedQuerySchema, response: { 200: feedSchema } } },
      (request, reply) =>
        sendSharedRead({ reads, publicCache }, request, reply, { key: `feed:${request.query.limit}`, schema: feedSchema }, (db) =>
          feed(db, request.query.limit),
        ),
    );

    app.get("/me/home", { config: { access: "signed-in" }, schema: { response: { 200: myHomeSchema } } }, (request) =>
      myHome(db, request.userId!, new Date(), requestLanguage(request)),
    );
  };
