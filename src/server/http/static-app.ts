import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { pageLanguage } from "../kernel/request-language.js";
import { DEFAULT_LANGUAGE } from "../../shared/i18n/languages.js";

export const WEB_BUILD_DIR = path.resolve("dist/web");

/** Public pages the build prerenders in both languages (scripts/prerender.ts), by path. */
const PRERENDERED: Record<string, string> = { "/": "index", "/auth": "auth", "/leaderboards": "leaderboards" };
/**
 * Serves the built single-page app: hashed assets are cached for a year
 * (immutable) and sent precompressed (brotli or gzip); HTML is never cached.
 * The home, sign-in and leaderboard pages are sent prerendered in the
 * visitor's language, so a phone paints them before the JavaScript arrives;
 * any other GET outside /api gets index.html for the client router.
 */
export async function registerStaticApp(app: FastifyInstance, root = WEB_BUILD_DIR): Promise<boolean> {
  if (!existsSync(path.join(root, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset: sent as-is to browsers that accept them.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  const prerendered = existsSync(path.join(root, "prerendered", DEFAULT_LANGUAGE, "index.html"));
  for (const [route, name] of Object.entries(PRERENDERED)) {
    app.get(route, (request, reply) => {
      // A query string changes what these pages show (a tab, a board): the app renders those itself.
      if (!prerendered || request.url.includes("?")) return sendAppShell(reply);
      return reply
        .header("cache-control", "no-cache")
        .header("vary", "Accept-Language, Cookie, Accept-Encoding")
        .sendFile(`prerendered/${pageLanguage(request)}/${name}.html`);
    });
  }
  return true;
}

/** index.html: the empty shell the app renders into. */
export function sendAppShell(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-cache").sendFile("index.html");
}
