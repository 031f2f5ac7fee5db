import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort, startServerProcess } from "../src/server/test/server-process.js";
import { row } from "./load.js";
import { temporaryDataFolder } from "../src/server/test/data-folder.js";
import { CHROMIUM_FLAGS } from "../e2e/support/chromium-flags.js";

const PAGES = ["/", "/auth", "/leaderboards"];
/** Lighthouse's own advice for its run-to-run variance: report the median of several runs. */
const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** What this benchmark uses of Lighthouse and chrome-launcher. */
interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
    environment: { benchmarkIndex: number };
  };
}
interface BenchTools {
  lighthouse(url: string, flags: Record<string, unknown>): Promise<LighthouseResult | undefined>;
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

/*
 * Lighthouse and chrome-launcher bring about 14,000 files that only this
 * benchmark reads: they live in bench/tools, with their own lockfile,
 * installed there on the benchmark's first run rather than by every
 * `npm install` (a fifth of its files, issue 59).
 */
const TOOLS = fileURLToPath(new URL("./tools/", import.meta.url));

async function benchTools(): Promise<BenchTools> {
  if (!existsSync(`${TOOLS}node_modules/lighthouse/package.json`)) {
    console.log("Installing the benchmark's own tools (Lighthouse) in bench/tools, once…");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: TOOLS, stdio: "inherit" });
  }
  const resolve = (name: string) => pathToFileURL(createRequire(`${TOOLS}package.json`).resolve(name)).href;
  const lighthouse = (await import(resolve("lighthouse"))) as { default: BenchTools["lighthouse"] };
  const chromeLauncher = (await import(resolve("chrome-launcher"))) as { launch: BenchTools["launch"] };
  return { lighthouse: lighthouse.default, launch: chromeLauncher.launch };
}

export interface LighthouseFigures {
  page: string;
  performance: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  /** Lighthouse's reading of this machine's CPU (higher is faster): total blocking time scales with it. */
  benchmarkIndex: number;
  /** The element that moved most, when anything moved. */
  shifted: string | null;
}

/**
 * Lighthouse with its mobile defaults (simulated slow 4G and a mid-range
 * phone's CPU) on the app `npm start` serves, in Debian's Chromium.
 */
export async function lighthouseScores(): Promise<LighthouseFigures[]> {
  const tools = await benchTools();
  const dataDir = temporaryDataFolder("kindly-lighthouse-");
  const port = await freePort();
  // The web app as `npm start` serves it, on the embedded database with the demo data.
  const server = await startServerProcess({
    port,
    env: { KINDLY_API_ONLY: "0", DATA_DIR: dataDir, DEMO_DATA: "always", DATABASE_URL: "", NODE_ENV: "development" },
  });
  const chrome = await tools.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of PAGES) {
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measurePage(tools, chrome.port, server.url, page));
      runs.sort((a, b) => a.performance - b.performance);
      figures.push(runs[Math.floor(RUNS / 2)]!);
    }
    return figures;
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measurePage(tools: BenchTools, port: number, origin: string, page: string): Promise<LighthouseFigures> {
  const result = await tools.lighthouse(`${origin}${page}`, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const lhr = result!.lhr;
  return {
    page,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    shifted:
      ((lhr.audits["layout-shifts"]?.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [])[0]?.node
        ?.selector ?? null,
  };
}

export async function printLighthouse(): Promise<void> {
  console.log(
    `\nLighthouse, mobile defaults (simulated slow 4G, 4x CPU slowdown), Debian's Chromium, the built app, median of ${RUNS} runs`,
  );
  const figures = await lighthouseScores();
  // The 4x slowdown applies to this machine's own speed: the same page blocks twice as long on a machine half as fast.
  const index = figures.map((figure) => figure.benchmarkIndex).sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;
  row("this machine's CPU, Lighthouse benchmarkIndex", String(Math.round(index)), "(none; a fast machine here reads about 3,900)");
  for (const figure of figures) {
    row(`${figure.page.padEnd(14)} performance`, String(figure.performance), "≥ 95");
    row(
      `${figure.page.padEnd(14)} LCP / FCP`,
      `${(figure.lcpMs / 1000).toFixed(2)} / ${(figure.fcpMs / 1000).toFixed(2)} s`,
      "LCP ≤ 2.5 s",
    );
    row(`${figure.page.padEnd(14)} total blocking time`, `${figure.tbtMs.toFixed(0)} ms`, "(none)");
    row(`${figure.page.padEnd(14)} CLS`, figure.cls.toFixed(3), "≤ 0.1");
    if (figure.shifted) console.log(`    moved most: ${figure.shifted}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printLighthouse().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
