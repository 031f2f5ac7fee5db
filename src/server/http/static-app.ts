import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export const WEB_BUILD_DIR = path.resolve("dist/web");

/**
 * Serves the built single-page app: hashed assets are cached for a year
 * (immutable) and sent precompressed (brotli or gzip), index.html never cached, and any other GET outside /api gets index.html so the
 * client router can show the page (or its not-found page).
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
  app.get("/", (_request, reply) => reply.header("cache-control", "no-cache").sendFile("index.html"));
  return true;
}
