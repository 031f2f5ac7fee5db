import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { WEB_BUILD_DIR } from "./http/static-app.js";

const SOURCES = ["src/web", "src/shared", "index.html", "vite.config.ts", "tailwind.config.js", "postcss.config.js", "public"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, entry) => Math.max(max, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

/** Builds the web app only when the build is missing or older than its sources. */
export function ensureWebBuild(log: (line: string) => void): void {
  const built = path.join(WEB_BUILD_DIR, "index.html");
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(path.resolve(source))));
  if (builtAt > sourcesAt) return;
  log(builtAt ? "Web app sources changed; rebuilding…" : "Building the web app (first run)…");
  const manifest = createRequire(import.meta.url).resolve("vite/package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: { vite: string } };
  const vite = path.join(path.dirname(manifest), bin.vite);
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("The web app build failed (see above).");
}
