import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { openApiDocumentTransform, openApiRouteTransform } from "./http/openapi-document.js";
import { clientErrorHandler } from "./http/client-errors.js";
import { accountRoutes } from "./features/accounts/index.js";
import { authRoutes } from "./features/auth/index.js";
import { contactRoutes } from "./features/contact/index.js";
import { devOutboxRoutes } from "./platform/dev-outbox/dev-outbox-routes.js";
import { testClockRoutes } from "./platform/clock/test-clock-routes.js";
import { healthRoutes } from "./platform/health/health-routes.js";
import { publicConfigRoutes } from "./platform/health/public-config-routes.js";
import { profileRoutes } from "./features/profile/index.js";
import { roleRoutes } from "./features/roles/index.js";
import { liveRoutes } from "./platform/live/live-routes.js";
import { scanRoutes } from "./features/scan/index.js";
import { registerSharePage, shareRoutes } from "./features/share/index.js";
import { teamModeration, teamsRoutes } from "./features/teams/index.js";
import { thanksModeration, thanksRoutes } from "./features/thanks/index.js";
import { notificationRoutes } from "./features/notifications/index.js";
import { registerShortLinks } from "./platform/mail/short-link-routes.js";
import { homeRoutes } from "./features/home/index.js";
import { leaderboardsRoutes } from "./features/leaderboards/index.js";
import { actHistoryRoutes } from "./features/act-history/index.js";
import { contestsRoutes } from "./features/contests/index.js";
import { demoRoutes } from "./features/demo/index.js";
import { geocodingRoutes } from "./platform/geocoding/geocoding-routes.js";
import { mapRoutes } from "./features/map/index.js";
import { organizationRequestRoutes } from "./features/organizations/index.js";
import { organizationLogoRoutes, organizationRoutes, registerPrintedCodeLinks } from "./features/organizations/index.js";
import { adminRoutes } from "./features/admin/index.js";
import { anomalyRoutes } from "./features/anomalies/index.js";
import { contestAdminRoutes } from "./features/contests/index.js";
import { chatModeration, chatRoutes, galleryModeration } from "./features/community/index.js";
import { galleryRoutes } from "./features/community/index.js";
import { moderationRoutes } from "./features/moderation/index.js";
import { cardJourneyPort, cardJourneyRoutes } from "./features/card-journeys/index.js";
import { workplaceRoutes } from "./features/workplace/index.js";
import { workplaceEmployerRoutes } from "./features/workplace/index.js";
import { complianceRoutes, mailPreviewRoutes } from "./features/workplace/index.js";
import { credentialRoutes, scimRoutes, ssoRoutes } from "./features/workplace/index.js";
import { AppError } from "./kernel/app-error.js";
import type { AppDeps } from "./bootstrap.js";
import { privacyRoutes } from "./features/privacy/index.js";
import { PERSONAL_DATA } from "./personal-data.js";
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

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(publicConfigRoutes(deps));
      await api.register(authRoutes(deps), { prefix: "/auth" });
      await api.register(accountRoutes(deps));
      await api.register(profileRoutes(deps));
      await api.register(roleRoutes(deps));
      await api.register(contactRoutes(deps));
      await api.register(scanRoutes(deps, cardJourneyPort));
      await api.register(liveRoutes(deps));
      await api.register(homeRoutes(deps));
      await api.register(leaderboardsRoutes(deps));
      await api.register(actHistoryRoutes(deps));
      await api.register(contestsRoutes(deps));
      await api.register(organizationRequestRoutes(deps));
      await api.register(organizationRoutes(deps));
      await api.register(organizationLogoRoutes(deps));
      await api.register(geocodingRoutes(deps));
      await api.register(mapRoutes(deps));
      await api.register(adminRoutes(deps));
      await api.register(anomalyRoutes(deps));
      await api.register(contestAdminRoutes(deps));
      await api.register(chatRoutes(deps));
      await api.register(galleryRoutes(deps));
      await api.register(
        moderationRoutes(deps, { message: chatModeration, post: galleryModeration, thanks: thanksModeration, team: teamModeration }),
      );
      await api.register(cardJourneyRoutes(deps));
      await api.register(workplaceRoutes(deps));
      await api.register(workplaceEmployerRoutes(deps));
      await api.register(privacyRoutes(deps, PERSONAL_DATA));
      await api.register(complianceRoutes(deps));
      await api.register(mailPreviewRoutes(deps));
      await api.register(ssoRoutes(deps));
      await api.register(credentialRoutes(deps));
      await api.register(shareRoutes(deps));
      await api.register(thanksRoutes(deps));
      await api.register(teamsRoutes(deps));
      await api.register(notificationRoutes(deps));
      if (config.devOutbox) {
        // Never in production; elsewhere only for a browser on this machine (access "this-machine").
        await api.register(devOutboxRoutes(deps));
        await api.register(demoRoutes(deps));
      }
      if (config.KINDLY_TEST_CLOCK) await api.register(testClockRoutes());
    },
    { prefix: "/api" },
  );

  // The employer's identity provider keeps its staff list here (SCIM 2.0, RFC 7644): outside /api, in SCIM's own shapes.
  await app.register(scimRoutes(deps), { prefix: "/scim/v2" });
  registerWebManifest(app);
  const servingWeb = options.serveWeb !== false && (await registerStaticApp(app));
  if (servingWeb) registerSharePage(app, deps);
  registerShortLinks(app, deps.db, servingWeb ? sendAppShell : null);
  registerPrintedCodeLinks(app, deps.db);
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
