import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { newestMtime } from "../../scripts/server-build.mjs";
import type { StartupSteps } from "../../scripts/startup-steps.mjs";
import { WEB_BUILD_DIR } from "./http/static-app.js";
import { LANGUAGES } from "../shared/i18n/languages.js";

const SOURCES = [
  "src/web",
  "src/shared",
  "index.html",
  "vite.config.ts",
  "tailwind.config.js",
  "postcss.config.js",
  "public",
  "scripts/prerender.ts",
];

/**
 * The web app's whole build, for `npm run build` and for `npm start` when
 * the build is missing or stale: the browser bundle (precompressed), the
 * server-side bundle of the public pages, and their prerendered HTML in
 * English and French. Always the production build, whatever NODE_ENV says.
 */
export function buildWeb(print: (text: string) => void = (text) => process.stderr.write(text)): void {
  const manifest = createRequire(import.meta.url).resolve("vite/package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: { vite: string } };
  const vite = path.join(path.dirname(manifest), bin.vite);
  const env = { ...process.env, NODE_ENV: "production" };
  const steps: [string, string[]][] = [
    ["the browser bundle", [vite, "build", "--logLevel", "warn"]],
    ["the prerender bundle", [vite, "build", "--ssr", "src/web/prerender.tsx", "--outDir", "dist/prerender", "--logLevel", "warn"]],
    ["the prerendered pages", ["--import", "tsx", "scripts/prerender.ts"]],
  ];
  for (const [what, args] of steps) {
    // Through pipes, not the terminal: Vite's progress lines would redraw over the start's own lines.
    // What a step says (warnings, errors) is printed once it ends.
    const result = spawnSync(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env, maxBuffer: 64 * 1024 * 1024 });
    const said = `${result.stdout?.toString() ?? ""}${result.stderr?.toString() ?? ""}`;
    if (said.trim()) print(said.endsWith("\n") ? said : `${said}\n`);
    if (result.status !== 0) throw new Error(`The web app build failed while making ${what} (see above).`);
  }
}

/** Builds the web app only when the build (its last step, the prerendered pages) is missing or older than its sources. */
export async function ensureWebBuild(steps: StartupSteps): Promise<void> {
  // The prerender writes each language in turn: the last language's pages come last.
  const built = path.join(WEB_BUILD_DIR, "prerendered", LANGUAGES[LANGUAGES.length - 1]!, "leaderboards.html");
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(path.resolve(source))));
  if (builtAt > sourcesAt) return;
  await steps.step(builtAt ? "Rebuilding the web app (its sources changed)" : "Building the web app (first run)", () =>
    buildWeb((text) => steps.line(text.trimEnd())),
  );
}
