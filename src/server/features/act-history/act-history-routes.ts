import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actHistorySchema, historyQuerySchema } from "../../../shared/schemas/stats.js";
import type { HttpDeps } from "../../http/deps.js";
import { myHistory } from "./act-history-service.js";

/** The signed-in person's acts, a page at a time. */
export const actHistoryRoutes =
  ({ db }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/me/acts",
      { config: { access: "signed-in" }, schema: { querystring: historyQuerySchema, response: { 200: actHistorySchema } } },
      (request) => myHistory(db, request.userId!, request.query.before),
    );
  };
