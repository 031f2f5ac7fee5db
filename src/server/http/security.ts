import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../kernel/app-error.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Security headers with a content security policy, and a refusal of
 * state-changing requests sent by pages of another origin (the session
 * cookie is SameSite=Lax; this also covers same-site subdomains).
 */
export function registerSecurity(app: FastifyInstance, appUrl: string, tileUrl: string): void {
  // Map tiles come from the configured tile server ({s} subdomains allowed).
  const tileOrigin = new URL(tileUrl.replace("{s}", "*").replace(/\{[a-z]\}/g, "0")).origin;
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position popovers and toasts with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", tileOrigin],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: appUrl.startsWith("https://") ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: appUrl.startsWith("https://"),
  });
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const allowed = new URL(appUrl).origin;
  // Every state-changing request, whatever its path: deciding on the raw URL
  // let `/%61pi/…` through while the router decoded it to `/api/…`.
  // A callback hook (no promise per request, as the drain's).
  app.addHook("onRequest", (request, _reply, done) => {
    done(SAFE_METHODS.has(request.method) || isSameOrigin(request, allowed) ? undefined : new AppError("cross_origin"));
  });
}

/** Whether a state-changing request comes from Kindly's own pages, or from no page at all (curl, server-to-server). */
function isSameOrigin(request: FastifyRequest, allowed: string): boolean {
  if (request.headers["sec-fetch-site"] === "cross-site") return false;
  const origin = request.headers.origin;
  if (!origin || origin === allowed) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The headers helmet sets for these options. They depend on nothing in the
 * request, so helmet runs once, at start-up, and each answer gets the same
 * headers (running it per request rebuilt the policy every time).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The path as the router sees it (percent-decoded, without the query), for decisions made on paths. */
export function decodedPath(url: string): string {
  const raw = url.split("?")[0] ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
