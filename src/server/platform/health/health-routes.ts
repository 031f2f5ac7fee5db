import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { databaseIsUp } from "../db/client.js";
import { healthSchema } from "../../../shared/schemas/system.js";
import type { AppDeps } from "../../http/deps.js";

export const healthRoutes =
  ({ db, driver, reads }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/health",
      { config: { access: "anyone" }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const [up, replicaUp] = await Promise.all([databaseIsUp(db), reads.replicaIsUp()]);
        const healthy = up && replicaUp !== false;
        return reply.status(healthy ? 200 : 503).send({
          status: healthy ? ("ok" as const) : ("degraded" as const),
          database: {
            driver,
            state: up ? ("up" as const) : ("down" as const),
            ...(replicaUp === null ? {} : { replica: replicaUp ? ("up" as const) : ("down" as const) }),
          },
        });
      },
    );
  };
