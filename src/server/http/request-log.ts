import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/*
 * One line per request only when it deserves a reader (issue 59 §4): a
 * failing request (5xx) or a slow one at `warn`, every other at `debug`.
 * Fastify's own two lines per request ("incoming request", "request
 * completed") buried a first start's one-time password under 20,000 lines
 * in half an hour. Bodies, cookies and query strings are never written.
 * Fastify's LogController is its hook for exactly these lines.
 */

/** A request answered later than this is worth a line whatever the level. */
export const SLOW_REQUEST_MS = 1000;

/** The levels at which every request gets its line. */
const LINE_LEVELS = new Set(["debug", "trace"]);

export class RequestLog extends LogController {
  constructor(private readonly slowMs = SLOW_REQUEST_MS) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const failed = Boolean(error) || reply.statusCode >= 500;
    const slow = ms >= this.slowMs;
    // The common case, a quick success below debug: no line to build.
    if (!failed && !slow && !LINE_LEVELS.has(reply.log.level)) return;
    const path = request.url.split("?")[0];
    const fields = { method: request.method, path, statusCode: reply.statusCode, ms };
    const line = `${request.method} ${path} ${reply.statusCode} ${ms} ms`;
    if (failed) reply.log.warn(fields, `failed request ${line}`);
    else if (slow) reply.log.warn(fields, `slow request ${line}`);
    else reply.log.debug(fields, line);
  }

  // Unknown addresses are an ordinary 404 (crawlers ask for hundreds): a line at debug only.
  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`no route for ${request.method} ${request.url.split("?")[0]}`);
  }
}
