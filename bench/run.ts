import { rmSync } from "node:fs";
import path from "node:path";
import { buildWeb } from "../src/server/web-build.js";
import { firstPageAssets } from "./first-page.js";
import { firstMinutePath, shareImageRender } from "./first-minute-path.js";
import { organizationsPath } from "./organizations-path.js";
import { printKitRender } from "./print-kit-render.js";
import { communityPath } from "./community-path.js";
import { workplacePath } from "./workplace-path.js";
import { compliancePath } from "./compliance-path.js";
import { printLighthouse } from "./lighthouse.js";
import { readPath } from "./read-path.js";
import { secondsToHealthy } from "./start-time.js";
import { writePath } from "./write-path.js";
import { cpuPath } from "./cpu-path.js";
import { defaultFootprint } from "./default-footprint.js";
import { temporaryDataFolder } from "../src/server/test/data-folder.js";

/** `npm run bench`: prints figures next to the targets of the issues; asserts nothing. */
const row = (label: string, value: string, target: string) => console.log(`${label.padEnd(50)} ${value.padStart(10)}   target ${target}`);

async function main() {
  console.log("Kindly benchmark (embedded PostgreSQL by default; the load paths on DATABASE_URL)\n");

  const dataDir = temporaryDataFolder("kindly-bench-");
  try {
    // Cold as on a bare machine after `npm install`: no build of either kind, no database.
    rmSync("dist", { recursive: true, force: true });
    const cold = await secondsToHealthy(dataDir, 3901);
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) warm.push(await secondsToHealthy(dataDir, 3901));
    warm.sort((a, b) => a - b);

    row("npm start → 200 /api/health, cold (both builds, initdb, demo data)", `${cold.toFixed(2)} s`, "(none)");
    row("npm start → 200 /api/health, warm (median of 3)", `${warm[1]!.toFixed(2)} s`, "≤ 1.5 s");
    const buildStarted = performance.now();
    buildWeb();
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    row("web build + prerender (when sources changed)", `${buildSeconds.toFixed(2)} s`, "(none)");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const assets = firstPageAssets(path.resolve("dist/web"));
  const total = assets.reduce((sum, asset) => sum + asset.gzipBytes, 0);
  row("first page JavaScript + CSS, gzip (with the worker registration)", `${(total / 1024).toFixed(1)} KB`, "≤ 170 KB");
  for (const asset of assets) console.log(`    ${(asset.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${asset.file}`);
  await printLighthouse();
  await defaultFootprint();
  // No database needed: the drawing alone.
  await shareImageRender();
  await printKitRender();

  if (!process.env.DATABASE_URL) {
    console.log(
      "\nWrite and read paths: skipped. They run on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).",
    );
    return;
  }
  await writePath();
  await cpuPath();
  await readPath();
  await organizationsPath();
  await communityPath();
  await workplacePath();
  await compliancePath();
  await firstMinutePath();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
