import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema.js";
import type { SessionLookup } from "../kernel/session-lookup.js";
import { AppError } from "../kernel/app-error.js";
import { isFromThisMachine } from "../kernel/local-only.js";

/**
 * Who may call a route. Every API route declares one in `config.access`, and
 * this is what enforces it, so the declaration cannot drift from the check:
 * - "anyone": visitors too (a route may still read who is signed in);
 * - "signed-in": a live session, whose user becomes `request.userId`;
 * - "official": the same, and the user is the official account (docs/design.md
 *   §4.1): the admin panel's endpoints. Others get 403 ("Access denied");
 * - "this-machine": development routes, for a browser on this machine only,
 *   and never behind a proxy (everyone else gets the 404 of a route that
 *   does not exist).
 * Finer rules (who may grant a role) live in the services' policies.
 */
export type Access = "anyone" | "signed-in" | "official" | "this-machine";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    userId: string | null;
  }
  interface FastifyInstance {
    /** Every route as registered, for the test that checks each declares its access and responses. */
    apiRoutes: RouteOptions[];
  }
}

const isApiRoute = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

export function registerAccessRules(app: FastifyInstance, sessions: SessionLookup, db: Kysely<DB>, behindProxy: boolean): void {
  const routes: RouteOptions[] = [];
  app.decorate("apiRoutes", routes);
  app.decorateRequest("userId", null);
  // A preHandler, after validation: a malformed request is a 400 whoever sends it.
  const signedIn = (access: "signed-in" | "official") => async (request: FastifyRequest) => {
    const userId = await sessions.userIdOf(request);
    if (!userId) throw new AppError("not_authenticated");
    request.userId = userId;
    if (access === "official" && !(await isOfficial(db, userId))) throw new AppError("forbidden");
  };
  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    // The session check is the route's first preHandler, so only routes that
    // need a person pay for it (and rate limits after it can count per person).
    // Any route that declares the rule gets it, inside /api or not.
    if (access === "signed-in" || access === "official") route.preHandler = [signedIn(access), ...[route.preHandler ?? []].flat()];
    if (!isApiRoute(route.url)) return;
    // Fail at start-up, not at the first request, when a route forgets its rule.
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access rule`);
    routes.push(route);
  });
  app.addHook("onRequest", (request, _reply, done) => {
    const outsider = request.routeOptions.config.access === "this-machine" && !isFromThisMachine(request, behindProxy);
    done(outsider ? new AppError("not_found") : undefined);
  });
}

/** Whether an account is the official account (docs/design.md §4.1). */
export async function isOfficial(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("is_official").where("id", "=", userId).executeTakeFirst();
  return row?.is_official === true;
}
