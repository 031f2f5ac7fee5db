import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Callers } from "./callers.js";
import { exampleOf, exampleQuery, fillPath, queryString, SESSION_ENDING, type Operation } from "./operations.js";

export interface SqlmapReport {
  runs: number;
  parameters: number;
  injectable: string[];
  /** Runs sqlmap could not finish (a timeout, a crash): listed, never counted as clean. */
  unfinished: string[];
}

/** Every operation that takes a parameter: in its path, its query or its JSON body. */
export function parameterised(operations: Operation[]): Operation[] {
  return operations.filter((operation) => operation.parameters.length > 0 || operation.body !== undefined);
}

function parameterCount(operation: Operation): number {
  const body = operation.body ? Object.keys(operation.body.properties ?? {}).length : 0;
  return operation.parameters.length + body;
}

/**
 * One sqlmap run (level 2, risk 1, every technique) on one operation, as one
 * caller. Path parameters are marked as injection points (`*`); query and
 * JSON body parameters sqlmap finds itself.
 */
function sqlmapArgs(baseUrl: string, operation: Operation, callers: Callers, cookie: string | undefined, outputDir: string): string[] {
  const pathValues = Object.fromEntries(
    operation.parameters
      .filter((p) => p.in === "path" && p.name !== "organizationId")
      .map((p) => [p.name, `${String(exampleOf(p.schema, p.name))}*`]),
  );
  const url = `${baseUrl}${fillPath(operation, callers.organizationId, pathValues).replace(/%2A/g, "*")}${queryString(exampleQuery(operation))}`;
  return [
    "-u",
    url,
    "--method",
    operation.method,
    ...(operation.body ? ["--data", JSON.stringify(exampleOf(operation.body)), "--headers", "Content-Type: application/json"] : []),
    ...(cookie ? ["--cookie", cookie] : []),
    "--level=2",
    "--risk=1",
    "--batch",
    "--flush-session",
    "--disable-coloring",
    // Refusals and validation answers are normal here: sqlmap must go on comparing them.
    "--ignore-code=400,401,403,404,409,413,422,429",
    "--threads=2",
    `--output-dir=${outputDir}`,
  ];
}

function runOne(args: string[], timeoutMs: number): Promise<{ output: string; finished: boolean }> {
  return new Promise((resolve) => {
    const child = spawn("sqlmap", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ output, finished: code === 0 });
    });
  });
}

/**
 * sqlmap against every parameterised operation, signed out and signed in as
 * the caller its rule lets through (the official account reaches the admin
 * panel, the member the organisation's routes, the employee the workplace's).
 */
export async function runSqlmap(
  baseUrl: string,
  operations: Operation[],
  callers: Callers,
  log: (line: string) => void,
  parallel = 3,
): Promise<SqlmapReport> {
  const outputDir = mkdtempSync(path.join(tmpdir(), "kindly-sqlmap-"));
  const signedInAs = (operation: Operation) =>
    operation.path.startsWith("/api/admin/")
      ? callers.cookies.official
      : operation.path.startsWith("/api/workplace/")
        ? callers.cookies.employee
        : callers.cookies.member;
  const targets = parameterised(operations).flatMap((operation) => [
    { operation, who: "signed out", cookie: undefined },
    ...(SESSION_ENDING.has(`${operation.method} ${operation.path}`)
      ? []
      : [{ operation, who: "signed in", cookie: signedInAs(operation) }]),
  ]);
  const report: SqlmapReport = { runs: 0, parameters: 0, injectable: [], unfinished: [] };
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const { operation, who, cookie } = targets[next++]!;
      const label = `${operation.method} ${operation.path} (${who})`;
      const { output, finished } = await runOne(sqlmapArgs(baseUrl, operation, callers, cookie, outputDir), 15 * 60_000);
      report.runs += 1;
      report.parameters += parameterCount(operation);
      if (/identified the following injection point|is vulnerable/i.test(output)) report.injectable.push(label);
      else if (!finished) report.unfinished.push(label);
      log(
        `sqlmap ${report.runs}/${targets.length}: ${label}: ${report.injectable.includes(label) ? "INJECTABLE" : finished ? "no injection" : "did not finish"}`,
      );
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return report;
}
