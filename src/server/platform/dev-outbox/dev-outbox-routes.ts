import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { outboxSchema } from "../../../shared/schemas/system.js";
import { readOutbox } from "./dev-outbox-repository.js";

const OUTBOX_PAGE = 100;

/** The development outbox: registered only when no SMTP server is configured, never in production. */
export const devOutboxRoutes =
  ({ db }: { db: Kysely<DB> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/dev/mail", { config: { access: "this-machine" }, schema: { hide: true, response: { 200: outboxSchema } } }, async () => ({
      messages: await readOutbox(db, OUTBOX_PAGE),
    }));
  };
