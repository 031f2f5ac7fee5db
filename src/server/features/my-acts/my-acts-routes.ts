import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actHistorySchema, historyQuerySchema, myHomeSchema, myStatsSchema } from "../../../shared/schemas/stats.js";
import type { AppDeps } from "../../http/deps.js";
import { myHistory, myHome, myStats } from "./my-acts-service.js";
import { requestLanguage } from "../../http/request-language.js";

/** The signed-in person's own numbers: profile stats and act history. */
export const myActsRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/me/stats", { config: { access: "signed-in" }, schema: { response: { 200: myStatsSchema } } }, (request) =>
      myStats(db, request.userId!, new Date()),
    );

    app.get("/me/home", { config: { access: "signed-in" }, schema: { response: { 200: myHomeSchema } } }, (request) =>
      myHome(db, request.userId!, new Date(), requestLanguage(request)),
    );

    app.get(
      "/me/acts",
      { config: { access: "signed-in" }, schema: { querystring: historyQuerySchema, response: { 200: actHistorySchema } } },
      (request) => myHistory(db, request.userId!, request.query.before),
    );
  };
