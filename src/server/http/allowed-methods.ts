import type { FastifyInstance } from "fastify";

/*
 * A known API address asked with a method it does not take answers 405 with
 * `Allow` (RFC 9110 §15.5.6), not the 404 of an address that does not exist:
 * a client (or a generated one) learns it used the wrong method. The
 * addresses are the API routes as registered (access.ts keeps them).
 */

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** A route's address as a pattern: `:param` one segment, `*` the rest. */
const patternOf = (url: string) => new RegExp(`^${escape(url).replace(/:\w+/g, "[^/]+").replace(/\*/g, ".*")}$`);

/** The methods the API takes at `path` (its path only, no query), HEAD with GET; empty for an unknown address. */
export function allowedMethods(app: FastifyInstance): (path: string) => string[] {
  let routes: { pattern: RegExp; methods: string[] }[] | null = null;
  return (path) => {
    // Built once, at the first unmatched request: every route is registered by then.
    routes ??= app.apiRoutes.map((route) => ({ pattern: patternOf(route.url), methods: [route.method].flat().map(String) }));
    const methods = new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
