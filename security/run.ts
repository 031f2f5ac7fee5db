import { spawnSync } from "node:child_process";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "../bench/bench-server.js";
import { makeCallers } from "./callers.js";
import { startFakeGeocoder } from "./fake-geocoder.js";
import { runFuzzer } from "./fuzz.js";
import { readOperations } from "../src/server/test/openapi-operations.js";
import { parameterised, runSqlmap } from "./sqlmap.js";
import { runWapiti } from "./wapiti.js";

/*
 * `npm run security [-- fuzz sqlmap wapiti]`: independent tools against
 * Kindly's real server (the `npm start` entry point, on a fresh PostgreSQL
 * schema of DATABASE_URL), as each kind of caller. Not part of CI: sqlmap at
 * level 2 over every parameterised endpoint takes a long while. Rate limits
 * are scaled up (RATE_LIMIT_SCALE) so the tools reach the code behind them;
 * the limits have their own tests. Exits 1 on any finding.
 *
 * sqlmap and wapiti come from Debian: apt-get install -y sqlmap wapiti.
 */
const TOOLS = ["fuzz", "sqlmap", "wapiti"] as const;
type Tool = (typeof TOOLS)[number];

const log = (line: string) => process.stdout.write(`${line}\n`);

function installed(command: string): boolean {
  return spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0;
}

async function main(): Promise<number> {
  const asked = process.argv.slice(2).filter((arg): arg is Tool => (TOOLS as readonly string[]).includes(arg));
  const tools: readonly Tool[] = asked.length > 0 ? asked : TOOLS;
  if (!process.env.DATABASE_URL) {
    log("Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test).");
    return 2;
  }
  const missing = tools.filter((tool) => tool !== "fuzz" && !installed(tool));
  if (missing.length > 0) {
    log(`Missing: ${missing.join(", ")}. Install them from Debian: apt-get install -y ${missing.join(" ")}`);
    return 2;
  }
  // Several runs may go at once (one tool each), each on its own port and schema.
  const port = Number(process.env.SECURITY_PORT ?? 4480);
  const schema = await freshSchema(`kindly_security_${port}`);
  const geocoder = await startFakeGeocoder();
  const server = await startBenchServer(schema, port, {
    RATE_LIMIT_SCALE: "100000",
    GEOCODING_URL: geocoder.url,
    GEOCODING_MIN_INTERVAL_MS: "0",
  });
  const database = await openSchema(schema, 2);
  let failed = false;
  try {
    const callers = await makeCallers(database.db, server.signing);
    const operations = await readOperations(server.url);
    log(`Kindly at ${server.url}: ${operations.length} documented operations, ${parameterised(operations).length} with parameters.`);

    if (tools.includes("fuzz")) {
      const report = await runFuzzer(server.url, operations, callers);
      const alive = (await fetch(`${server.url}/api/health`)).status === 200;
      log(`\nOpenAPI fuzzer (openapi-fuzzer-core boundary cases + 10 seeded random cases per operation, as 6 callers):`);
      log(`  requests: ${report.requests}; answers by status: ${JSON.stringify(report.byStatus)}`);
      log(
        `  responses >= 500 or dropped connections, 4xx outside {error:{code,message}}, and answers the API's document does not describe: ${report.findings.length}`,
      );
      // One line per kind of finding (the same route and answer for several callers or inputs counts once).
      const kinds = new Map<string, number>();
      for (const finding of report.findings) {
        const kind = finding
          .replace(/ as \w+:/, ":")
          .replace(/ for http\S*.*$/, "")
          .slice(0, 160);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      for (const [kind, count] of kinds) log(`    ${count} × ${kind}`);
      log(`  server still answering afterwards: ${alive ? "yes" : "NO"}`);
      failed ||= report.findings.length > 0 || !alive;
    }
    if (tools.includes("wapiti")) {
      const report = await runWapiti(server.url, operations, callers, log);
      const levels = ["", "low", "medium", "high", "critical"];
      log(`\nwapiti: ${report.finished ? "finished" : "DID NOT FINISH"}; findings: ${report.findings.length}`);
      for (const finding of report.findings)
        log(`  [${levels[finding.level] ?? finding.level}] ${finding.category}: ${finding.path} — ${finding.info}`);
      failed ||= !report.finished || report.findings.some((finding) => finding.level > 1);
    }
    if (tools.includes("sqlmap")) {
      const report = await runSqlmap(server.url, operations, callers, log);
      log(`\nsqlmap (level 2, risk 1): ${report.runs} runs over ${report.parameters} parameters, signed out and in`);
      log(`  techniques tried on a parameter: ${report.tests}`);
      log(`  injectable: ${report.injectable.length}${report.injectable.map((label) => `\n    ${label}`).join("")}`);
      log(`  did not finish: ${report.unfinished.length}${report.unfinished.map((label) => `\n    ${label}`).join("")}`);
      failed ||= report.injectable.length > 0 || report.unfinished.length > 0;
    }
  } finally {
    await database.close();
    await server.stop();
    await geocoder.close();
    await dropSchema(schema);
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
