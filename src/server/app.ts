import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { openApiDocumentTransform, openApiRouteTransform } from "./http/openapi-document.js";
import { clientErrorHandler } from "./http/client-errors.js";
import { devOutboxRoutes } from "./platform/dev-outbox/dev-outbox-routes.js";
import { testClockRoutes } from "./platform/clock/test-clock-routes.js";
import { healthRoutes } from "./platform/health/health-routes.js";
import { publicConfigRoutes } from "./platform/health/public-config-routes.js";
import { liveRoutes } from "./platform/live/live-routes.js";
import { registerShortLinks } from "./platform/mail/short-link-routes.js";
import { geocodingRoutes } from "./platform/geocoding/geocoding-routes.js";
import { AppError } from "./kernel/app-error.js";
import type { AppDeps } from "./bootstrap.js";
import { FEATURES } from "./feature-list.js";
import type { Config } from "./config.js";
import { registerErrorHandler, sendAppError } from "./http/error-handler.js";
import { isFromThisMachine } from "./kernel/local-only.js";
import { registerAccessRules } from "./http/access.js";
import { allowedMethods } from "./http/allowed-methods.js";
import { registerDrain } from "./http/drain.js";
import { registerUploadFloor } from "./http/upload-floor.js";
import { registerMetrics } from "./platform/metrics/metrics-routes.js";
import { decodedPath, registerSecurity } from "./http/security.js";
import { registerStaticApp, sendAppShell } from "./http/static-app.js";
import { registerWebManifest } from "./http/web-manifest.js";
import { RequestLog } from "./http/request-log.js";
import { logFormat, prettyLogStream } from "./platform/logging/log-output.js";

export interface BuildOptions {
  /** Serve the built web app from dist/web (off for API-only tests). */
  serveWeb?: boolean;
  /** Where log lines go (tests capture them to prove what is never logged). */
  logStream?: { write(line: string): void };
}

/**
 * TRUST_PROXY as Fastify wants it: a number of hops becomes "the socket's peer
 * and the next n-1 forwarded addresses are proxies" (the n-th one is the
 * client). Addresses are better where known: a direct client then cannot
 * pose as the proxy.
 */
function proxyTrust(setting: Config["TRUST_PROXY"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    trustProxy: proxyTrust(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // The router's own refusals (an address that does not decode, a path
    // parameter longer than any id) get the API's error shape too.
    frameworkErrors: (_error, request, reply) => sendAppError(request, reply, new AppError("invalid_input")),
    // What Node refuses before routing (headers too long, too slow) too.
    clientErrorHandler,
    // Headers and body must arrive whole in time; Node checks every second
    // (its default, 30 s, would let a trickling client overstay by that much).
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: { headersTimeout: Math.min(config.REQUEST_TIMEOUT_SECONDS, 20) * 1000, connectionsCheckingInterval: 1000 },
    // Requests arriving while the server drains get Kindly's own 503 (registerDrain).
    return503OnClosing: false,
    // Requests get a line of their own only when slow or failing.
    logController: new RequestLog(),
    logger: {
      level: config.LOG_LEVEL,
      ...(options.logStream
        ? { stream: options.logStream }
        : logFormat(config.LOG_FORMAT, config.NODE_ENV) === "pretty"
          ? { stream: prettyLogStream() }
          : {}),
      // Bodies are never logged; cookies and auth headers are hidden too.
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
  });
  registerDrain(app, config.DRAIN_SECONDS * 1000);
  registerAccessRules(app, deps.sessions, deps.db, config.TRUST_PROXY !== false);
  registerMetrics(app, deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Read your own writes: a browser that changed something skips shared caches,
  // and reads the primary until a replica has caught up.
  // After a change to an account (sign-out, password, sessions ended), this
  // process forgets the sessions it remembered; others hear it from the database.
  // Attached to the API's writing routes only, so reads do not pay for it.
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith("/api/") || methods.every((method) => ["GET", "HEAD", "OPTIONS"].includes(method))) return;
    const changesAccounts = route.url.startsWith("/api/auth/");
    const afterWrite = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode >= 400) return payload;
      if (changesAccounts) deps.sessions.forgetAll();
      await deps.reads.rememberWrite(reply);
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), afterWrite];
  });
  registerSecurity(app, config.APP_URL, config.MAP_TILE_URL);
  registerUploadFloor(app, deps.storage, config.UPLOAD_MIN_FREE_MB);

  await app.register(fastifySwagger, {
    openapi: { info: { title: "Kindly API", version: "1" } },
    transform: openApiRouteTransform,
    transformObject: openApiDocumentTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  // Every feature's routes (feature-list.ts): under /api unless a feature says the site's root.
  const routeSets = FEATURES.flatMap((feature) => feature.routes?.(deps) ?? []).filter((set) => !set.devOnly || config.devOutbox);
  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(publicConfigRoutes(deps));
      await api.register(liveRoutes(deps));
      await api.register(geocodingRoutes(deps));
      for (const set of routeSets.filter((set) => (set.at ?? "api") === "api")) await api.register(set.plugin, { prefix: set.prefix });
      // Never in production; elsewhere only for a browser on this machine (access "this-machine").
      if (config.devOutbox) await api.register(devOutboxRoutes(deps));
      if (config.KINDLY_TEST_CLOCK) await api.register(testClockRoutes());
    },
    { prefix: "/api" },
  );
  for (const set of routeSets.filter((set) => set.at === "root")) await app.register(set.plugin, { prefix: set.prefix });
  registerWebManifest(app);
  const servingWeb = options.serveWeb !== false && (await registerStaticApp(app));
  if (servingWeb) for (const set of routeSets.filter((set) => set.at === "web")) await app.register(set.plugin, { prefix: set.prefix });
  registerShortLinks(app, deps.db, servingWeb ? sendAppShell : null);
  const methodsAt = allowedMethods(app);
  app.setNotFoundHandler((request, reply) => {
    const path = decodedPath(request.url);
    const allowed = path.startsWith("/api/") ? methodsAt(path) : [];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return sendAppError(request, reply.header("allow", allowed.join(", ")), new AppError("method_not_allowed"));
    }
    const devPage = path.startsWith("/dev/") && !(config.devOutbox && isFromThisMachine(request, config.TRUST_PROXY !== false));
    if (servingWeb && request.method === "GET" && !path.startsWith("/api") && !devPage) {
      return sendAppShell(reply);
    }
    return sendAppError(request, reply, new AppError("not_found"));
  });
  return app;
}
