import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { databaseIsUp } from "../../db/client.js";
import type { AppDeps } from "../../http/deps.js";

export const healthRoutes =
  ({ db, driver, reads }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/health", async (_request, reply) => {
      const [up, replicaUp] = await Promise.all([databaseIsUp(db), reads.replicaIsUp()]);
      const healthy = up && replicaUp !== false;
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? "ok" : "degraded",
        database: { driver, state: up ? "up" : "down", ...(replicaUp === null ? {} : { replica: replicaUp ? "up" : "down" }) },
      });
    });
  };
