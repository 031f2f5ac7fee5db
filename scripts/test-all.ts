import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIGEST_FILE_VARIABLE } from "./failure-digest/digest.js";
import { ensureServerBuild } from "./server-build.mjs";
import { createStartupSteps, formatDuration } from "./startup-steps.mjs";
import { ensureWebBuild } from "../src/server/web-build.js";

/*
 * `npm test`: the whole suite, one part after the other, ending with each
 * part's result and duration (the breakdown CI's time is read from). Every
 * part runs even when an earlier one failed, so one run shows every failure.
 *
 * The parts run in turn, not side by side: both Vitest and the browser
 * journeys keep CI's two cores busy, and together (issue 59) the whole took
 * 12.2 minutes against 13.1 in turn, while API tests that take seconds
 * alone ran past their time limits.
 *
 * Kindly's builds (the compiled server, the web app) are brought up to date
 * here first, so that no part builds them while another reads them.
 */

interface Part {
  name: string;
  args: string[];
}

/** Each part's usual report, and its failures for the digest printed last (failure-digest/digest.ts). */
const VITEST_REPORTERS = ["--reporter=default", "--reporter=./scripts/failure-digest/vitest-reporter.ts"];
const PARTS: Part[] = [
  { name: "Vitest (unit, API, replica)", args: ["vitest", "run", ...VITEST_REPORTERS] },
  { name: "Two-node cluster", args: ["vitest", "run", "--config", "vitest.cluster.config.ts", ...VITEST_REPORTERS] },
  {
    name: "Playwright (browser journeys)",
    args: ["playwright", "test", "--reporter=list,./scripts/failure-digest/playwright-reporter.ts"],
  },
];

function run(part: Part): Promise<{ part: Part; code: number; ms: number }> {
  const started = performance.now();
  const child = spawn("npx", part.args, { stdio: "inherit" });
  return new Promise((resolve) => {
    child.on("error", () => resolve({ part, code: 1, ms: performance.now() - started }));
    child.on("close", (code) => resolve({ part, code: code ?? 1, ms: performance.now() - started }));
  });
}

const started = performance.now();
const digestFolder = mkdtempSync(join(tmpdir(), "kindly-failures-"));
const digest = join(digestFolder, "failures.txt");
process.env[DIGEST_FILE_VARIABLE] = digest;
const steps = createStartupSteps();
await ensureServerBuild(steps);
await ensureWebBuild(steps);

const results = [];
for (const part of PARTS) results.push(await run(part));

console.log("");
const failures = (() => {
  try {
    return readFileSync(digest, "utf8");
  } catch {
    return "";
  }
})();
rmSync(digestFolder, { recursive: true, force: true });
if (failures) console.log(`What failed, each error's first lines (the full accounts are above):\n${failures}`);
for (const { part, code, ms } of results) console.log(`${code === 0 ? "passed" : "FAILED"}  ${part.name}: ${formatDuration(ms)}`);
console.log(`The whole suite: ${formatDuration(performance.now() - started)}`);
process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
