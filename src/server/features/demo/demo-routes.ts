import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { demoLinksSchema } from "../../../shared/schemas/system.js";
import type { HttpDeps } from "../../http/deps.js";
import { demoLinks, demoWorkplace } from "./demo-seed.js";

/** The demo scan links, for the dev page and browser tests; only where the dev outbox is on (never production). */
export const demoRoutes =
  ({ db }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/dev/demo-links",
      { config: { access: "this-machine" }, schema: { hide: true, response: { 200: demoLinksSchema } } },
      async () => ({ links: await demoLinks(db), workplace: await demoWorkplace(db) }),
    );
  };
