import type { Metrics } from "./metrics.js";
import type { Config } from "../../config.js";
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../kernel/app-error.js";
import { isFromThisMachine } from "../../kernel/local-only.js";

/** The bearer token of a request, compared in constant time with METRICS_TOKEN. */
function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const offered = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}

/**
 * GET /metrics, Prometheus' text format: from this machine when the app is
 * not behind a proxy (isFromThisMachine), otherwise (TRUST_PROXY set) only
 * with `Authorization: Bearer $METRICS_TOKEN`. Everyone else gets
 * the 404 of a route that does not exist: never public.
 * Also counts every answered request by route template (never by raw URL,
 * which would let anyone grow the label set).
 */
export function registerMetrics(app: FastifyInstance, { metrics, config }: { metrics: Metrics; config: Config }): void {
  // Each label set's counters, looked up once: prom-client hashes a label
  // object on every call. The sets are few (route templates × statuses).
  const counted = new Map<string, { requests: { inc(): void }; duration: { observe(value: number): void } }>();
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let series = counted.get(key);
    if (!series) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      series = { requests: metrics.httpRequests.labels(labels), duration: metrics.httpDuration.labels(labels) };
      counted.set(key, series);
    }
    series.requests.inc();
    series.duration.observe(reply.elapsedTime / 1000);
    done();
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!isFromThisMachine(request, config.TRUST_PROXY !== false) && !hasToken(request, config.METRICS_TOKEN))
      throw new AppError("not_found");
    return reply
      .header("content-type", metrics.registry.contentType)
      .header("cache-control", "no-store")
      .send(await metrics.registry.metrics());
  });
}
