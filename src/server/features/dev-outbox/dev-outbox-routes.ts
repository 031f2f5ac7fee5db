import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";
import { readOutbox } from "./dev-outbox-repository.js";

const OUTBOX_PAGE = 100;

/** The development outbox: registered only when no SMTP server is configured, never in production. */
export const devOutboxRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/dev/mail", async () => ({ messages: await readOutbox(db, OUTBOX_PAGE) }));
  };
