import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { SHORT_LINK_PREFIX } from "../../../shared/schemas/scans.js";
import { resolveShortLink } from "./qr-service.js";

/**
 * /c/<code>: a printed code's short link leads to its scan page. A code that
 * no longer exists (renewed since it was printed) leads to the scan page with
 * no code, which says the code is not valid, as a long link would.
 */
export function registerPrintedCodeLinks(app: FastifyInstance, db: Kysely<DB>): void {
  app.get<{ Params: { code: string } }>(`${SHORT_LINK_PREFIX}:code`, async (request, reply) => {
    const target = (await resolveShortLink(db, request.params.code)) ?? "/scan-qr";
    // Not cached: a renewal or a deactivation must take effect at the next scan.
    return reply.header("cache-control", "no-store").redirect(target, 302);
  });
}
