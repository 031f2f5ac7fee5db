import type { FastifyInstance, FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { resolveShortLink } from "./short-links.js";

/**
 * /l/<id>: an emailed short link leads to its address on this site. An
 * unknown or expired one shows the app's page that says so (`appShell`, given
 * by app.ts when it serves the web app), else a 404 in the API's shape.
 */
export function registerShortLinks(app: FastifyInstance, db: Kysely<DB>, appShell: ((reply: FastifyReply) => FastifyReply) | null): void {
  app.get<{ Params: { id: string } }>("/l/:id", async (request, reply) => {
    const target = await resolveShortLink(db, request.params.id);
    if (target) return reply.header("cache-control", "no-store").redirect(target, 302);
    if (appShell) return appShell(reply.status(404));
    throw new AppError("not_found");
  });
}
