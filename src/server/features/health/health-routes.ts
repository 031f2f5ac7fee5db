import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { databaseIsUp } from "../../db/client.js";
import type { AppDeps } from "../../http/deps.js";

export const healthRoutes =
  ({ db, driver }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/health", async (_request, reply) => {
      const up = await databaseIsUp(db);
      return reply.status(up ? 200 : 503).send({
        status: up ? "ok" : "degraded",
        database: { driver, state: up ? "up" : "down" },
      });
    });
  };
