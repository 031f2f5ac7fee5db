import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Callers } from "./callers.js";
import { exampleOf, exampleQuery, fillPath, queryString, SESSION_ENDING, type Operation } from "../src/server/test/openapi-operations.js";

export interface SqlmapReport {
  runs: number;
  /** Techniques tried on a parameter, over the runs that finished. */
  tests: number;
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

type Part = "path" | "query and body";

/** Which parts of an operation take parameters for sqlmap to try. */
function partsOf(operation: Operation): Part[] {
  const pathIds = operation.parameters.some((p) => p.in === "path");
  const rest = operation.parameters.some((p) => p.in === "query") || Object.keys(operation.body?.properties ?? {}).length > 0;
  return [...(pathIds ? (["path"] as const) : []), ...(rest ? (["query and body"] as const) : [])];
}

/**
 * One sqlmap run (level 2, risk 1, every technique) on one part of one
 * operation, as one caller. Path parameters are marked as injection points
 * (`*`), which makes sqlmap try those only; query and JSON body parameters
 * get their own run, each named with `-p` (sqlmap skips a parameter that
 * looks like an anti-CSRF token, such as "token", unless named).
 */
function sqlmapArgs(
  baseUrl: string,
  operation: Operation,
  part: Part,
  callers: Callers,
  cookie: string | undefined,
  outputDir: string,
): string[] {
  const pathValues =
    part === "path"
      ? Object.fromEntries(
          operation.parameters
            .filter((p) => p.in === "path")
            .map((p) => [p.name, `${p.name === "organizationId" ? callers.organizationId : String(exampleOf(p.schema, p.name))}*`]),
        )
      : {};
  const names = [
    ...operation.parameters.filter((p) => p.in === "query").map((p) => p.name),
    ...Object.keys(operation.body?.properties ?? {}),
  ];
  const url = `${baseUrl}${fillPath(operation, callers.organizationId, pathValues).replace(/%2A/g, "*")}${queryString(exampleQuery(operation))}`;
  return [
    "-u",
    url,
    "--method",
    operation.method,
    ...(operation.body ? ["--data", JSON.stringify(exampleOf(operation.body)), "--headers", "Content-Type: application/json"] : []),
    ...(cookie ? ["--cookie", cookie] : []),
    ...(part === "query and body" ? ["-p", names.join(",")] : []),
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

/** How many tests sqlmap ran: one line per technique tried on one parameter. */
function testsRun(output: string): number {
  return (output.match(/\[INFO\] testing '/g) ?? []).length;
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
  // SECURITY_ONLY=<part of a path> narrows the run, to try again what did not finish.
  const only = process.env.SECURITY_ONLY;
  const targets = parameterised(operations.filter((operation) => !only || operation.path.includes(only))).flatMap((operation) =>
    partsOf(operation).flatMap((part) => [
      { operation, part, who: "signed out", cookie: undefined },
      ...(SESSION_ENDING.includes(`${operation.method} ${operation.path}`)
        ? []
        : [{ operation, part, who: "signed in", cookie: signedInAs(operation) }]),
    ]),
  );
  const report: SqlmapReport = { runs: 0, tests: 0, parameters: 0, injectable: [], unfinished: [] };
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const { operation, part, who, cookie } = targets[next++]!;
      const label = `${operation.method} ${operation.path}, ${part} (${who})`;
      // Each run its own directory: sqlmap runs sharing one trip over each other's files.
      const runDir = path.join(outputDir, String(next));
      const { output, finished } = await runOne(sqlmapArgs(baseUrl, operation, part, callers, cookie, runDir), 15 * 60_000);
      writeFileSync(`${runDir}.log`, output);
      report.runs += 1;
      report.parameters += parameterCount(operation);
      // Clean only when sqlmap says it tested every parameter: a refused connection also ends with code 0.
      const verdict = /identified the following injection point|is vulnerable/i.test(output)
        ? "INJECTABLE"
        : finished && /all tested parameters do not appear to be injectable/.test(output)
          ? `no injection (${testsRun(output)} tests)`
          : "did not finish";
      if (verdict === "INJECTABLE") report.injectable.push(label);
      else if (verdict === "did not finish") report.unfinished.push(`${label} (${runDir}.log)`);
      else report.tests += testsRun(output);
      log(`sqlmap ${report.runs}/${targets.length}: ${label}: ${verdict}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return report;
}
