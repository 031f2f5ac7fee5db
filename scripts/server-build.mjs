import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createStartupSteps } from "./startup-steps.mjs";

/**
 * The server as plain JavaScript: src/server's two entry points (the app and
 * the operators' commands) bundled by esbuild into dist/server, with source
 * maps, every npm package left as an import. Plain JavaScript itself, so that
 * `npm start` needs no TypeScript at run time.
 */

export const SERVER_BUILD_DIR = path.resolve("dist/server");

/**
 * glibc's allocator as the server runs with it on Linux (docs/operations.md):
 * two arenas instead of one per thread, and large buffers always mapped, so
 * memory freed after a burst of photo uploads returns to the system.
 */
export const SERVER_MEMORY_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };
const SOURCES = ["src/server", "src/shared", "package.json", "scripts/server-build.mjs"];
const ENTRIES = { main: "src/server/main.ts", cli: "src/server/cli.ts" };

/** The newest modification time under `target` (0 when missing); test files do not count, no build holds them. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  return readdirSync(target).reduce((max, entry) => Math.max(max, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

/**
 * esbuild's options for Kindly's server code as Node runs it: bundled into
 * plain JavaScript, every npm package left as an import, with source maps
 * whose paths stay those of the sources. The journeys' server bundles with
 * these too (e2e/support/e2e-servers-start.mjs).
 */
export const NODE_BUNDLE_OPTIONS = {
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  jsx: "automatic",
  sourcemap: true,
  sourceRoot: path.resolve("."),
  logLevel: "warning",
};

export async function buildServer() {
  const esbuild = await import("esbuild");
  await esbuild.build({
    ...NODE_BUNDLE_OPTIONS,
    entryPoints: ENTRIES,
    outdir: SERVER_BUILD_DIR,
    // Code behind a dynamic import() stays in a chunk of its own, so the
    // packages it needs (react-email, sharp, pdf-lib…) load only when used.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
  });
  // esbuild's service process would otherwise stay beside the server for its whole life.
  await esbuild.stop();
}

/** Builds the server only when the build is missing or older than its sources, as the web build does. */
export async function ensureServerBuild(steps = createStartupSteps()) {
  const built = Math.min(...Object.keys(ENTRIES).map((name) => newestMtime(path.join(SERVER_BUILD_DIR, `${name}.js`)) || 0));
  const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(path.resolve(source))));
  if (built > sourcesAt) return;
  await steps.step(built ? "Rebuilding the server (its sources changed)" : "Building the server (first run)", buildServer);
}
