import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Callers } from "./callers.js";
import { exampleQuery, fillPath, queryString, type Operation } from "../src/server/test/openapi-operations.js";

export interface WapitiReport {
  /** Findings by category, with wapiti's levels: 1 low, 2 medium, 3 high, 4 critical. */
  findings: { category: string; level: number; info: string; path: string }[];
  finished: boolean;
}

/**
 * wapiti over the app: its pages and, since the pages are drawn by
 * JavaScript wapiti does not run, every GET endpoint of the API as a start
 * address, signed out and then signed in as the official account.
 */
export async function runWapiti(
  baseUrl: string,
  operations: Operation[],
  callers: Callers,
  log: (line: string) => void,
): Promise<WapitiReport> {
  const starts = operations
    .filter((operation) => operation.method === "GET" && operation.path !== "/api/events")
    .map((operation) => `${baseUrl}${fillPath(operation, callers.organizationId)}${queryString(exampleQuery(operation))}`);
  const report: WapitiReport = { findings: [], finished: true };
  for (const [who, cookie] of [
    ["signed out", undefined],
    ["signed in", callers.cookies.official],
  ] as const) {
    const outputDir = mkdtempSync(path.join(tmpdir(), "kindly-wapiti-"));
    const reportFile = path.join(outputDir, "report.json");
    const args = [
      "-u",
      `${baseUrl}/`,
      ...starts.flatMap((start) => ["-s", start]),
      "--scope",
      "domain",
      "--flush-session",
      "-f",
      "json",
      "-o",
      reportFile,
      "--max-scan-time",
      "600",
      ...(cookie ? ["-H", `Cookie: ${cookie}`] : []),
    ];
    log(`wapiti (${who}): ${starts.length} API start addresses`);
    const finished = await new Promise<boolean>((resolve) => {
      const child = spawn("wapiti", args, { stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", (chunk: Buffer) => process.env.SECURITY_VERBOSE && log(chunk.toString().trimEnd()));
      child.stderr.on("data", (chunk: Buffer) => process.env.SECURITY_VERBOSE && log(chunk.toString().trimEnd()));
      child.on("close", (code) => resolve(code === 0));
    });
    // wapiti 3.0.4 reads `-x` as a regular expression it cannot compile, so nothing is excluded: the
    // sign-out is a POST, which its crawler never sends.
    report.finished &&= finished;
    try {
      const json = JSON.parse(readFileSync(reportFile, "utf8")) as {
        vulnerabilities?: Record<string, { level: number; info: string; path: string }[]>;
        anomalies?: Record<string, { level: number; info: string; path: string }[]>;
      };
      for (const [category, items] of [...Object.entries(json.vulnerabilities ?? {}), ...Object.entries(json.anomalies ?? {})]) {
        for (const item of items)
          report.findings.push({ category: `${category} (${who})`, level: item.level, info: item.info, path: item.path });
      }
    } catch {
      report.finished = false;
    }
  }
  return report;
}
