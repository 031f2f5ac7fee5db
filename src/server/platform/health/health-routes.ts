import type { DatabaseDriver } from "../db/client.js";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { ReadRouting } from "../db/read-routing.js";
import type { LiveEvents } from "../live/live-events.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { databaseIsUp } from "../db/client.js";
import { livenessSchema, readinessSchema } from "../../../shared/schemas/system.js";

/**
 * Two questions a supervisor or a load balancer asks (docs/operations.md,
 * "Health and readiness"):
 * - `/api/health`, liveness: the process answers HTTP. It touches nothing
 *   outside the process, so a database that is away never gets a healthy
 *   server restarted for nothing.
 * - `/api/health/ready`, readiness: it can serve now, the database (and the
 *   read replica, when there is one) answering and its live events heard
 *   (the LISTEN connection up); 503 otherwise, so a balancer sends traffic
 *   to another process until this one is ready again.
 */
export const healthRoutes =
  ({ db, driver, reads, live }: { db: Kysely<DB>; driver: DatabaseDriver; reads: ReadRouting; live: LiveEvents }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/health", { config: { access: "anyone" }, schema: { response: { 200: livenessSchema } } }, async () => ({
      status: "ok" as const,
    }));

    app.get(
      "/health/ready",
      { config: { access: "anyone" }, schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
      async (_request, reply) => {
        const [up, replicaUp] = await Promise.all([databaseIsUp(db), reads.replicaIsUp()]);
        const ready = up && replicaUp !== false && live.connected;
        return reply
          .status(ready ? 200 : 503)
          .header("cache-control", "no-store")
          .send({
            status: ready ? ("ok" as const) : ("degraded" as const),
            database: {
              driver,
              state: up ? ("up" as const) : ("down" as const),
              ...(replicaUp === null ? {} : { replica: replicaUp ? ("up" as const) : ("down" as const) }),
            },
          });
      },
    );
  };
