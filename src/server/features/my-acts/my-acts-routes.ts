import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { historyQuerySchema } from "../../../shared/schemas/stats.js";
import type { AppDeps } from "../../http/deps.js";
import { requireUser } from "../auth/current-user.js";
import { myHistory, myStats } from "./my-acts-service.js";

/** The signed-in person's own numbers: profile stats and act history. */
export const myActsRoutes =
  ({ db, sessions }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preHandler", requireUser(sessions));

    app.get("/me/stats", (request) => myStats(db, request.userId!, new Date()));

    app.get("/me/acts", { schema: { querystring: historyQuerySchema } }, (request) =>
      myHistory(db, request.userId!, request.query.before),
    );
  };
