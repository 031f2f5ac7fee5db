import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contestsOverviewSchema } from "../../../shared/schemas/stats.js";
import type { AppDeps } from "../../http/deps.js";
import { requestLanguage } from "../../http/request-language.js";
import { sessionUserId } from "../auth/current-user.js";
import { contestsOverview } from "./contests-service.js";

/** GET /api/contests: the contest running now, else the next one; with the visitor's tickets. */
export const contestsRoutes =
  ({ reads, sessions }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/contests", { config: { access: "anyone" }, schema: { response: { 200: contestsOverviewSchema } } }, async (request) => {
      const [db, userId] = await Promise.all([reads.readerFor(request), sessionUserId(sessions, request)]);
      return contestsOverview(db, { userId, language: requestLanguage(request), now: new Date() });
    });
  };
