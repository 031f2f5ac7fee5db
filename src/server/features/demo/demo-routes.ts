import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../http/deps.js";
import { demoLinks } from "./demo-seed.js";

/** The demo scan links, for the dev page and browser tests; only where the dev outbox is on (never production). */
export const demoRoutes =
  ({ db }: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get("/dev/demo-links", { schema: { hide: true } }, async () => ({ links: await demoLinks(db) }));
  };
