import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { outboxSchema } from "../../../shared/schemas/system.js";
import type { AppDeps } from "../../http/deps.js";
import { readOutbox } from "./dev-outbox-repository.js";

const OUTBOX_PAGE = 100;

/** The development outbox: registered only when no SMTP server is configured, never in production. */
export const devOutboxRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/dev/mail", { config: { access: "this-machine" }, schema: { hide: true, response: { 200: outboxSchema } } }, async () => ({
      messages: await readOutbox(db, OUTBOX_PAGE),
    }));
  };
