import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrateToLatest } from "../src/server/db/migrate.js";
import { insertLocation, insertOrganization } from "../src/server/features/organizations/organization-repository.js";
import { insertUsersWithSessions } from "../src/server/test/fast-users.js";
import type { Database } from "../src/server/db/client.js";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "./bench-server.js";
import { expectOk, percentile, row, runConcurrently } from "./load.js";

const CLIENTS = 50;
const USERS_PER_CLIENT = 5;
const LOCATIONS_PER_CLIENT = 20;

async function addRunningContest(database: Database) {
  await database.db
    .insertInto("contests")
    .values({ id: "bench", name_en: "Bench", name_fr: "Banc", starts_at: new Date(Date.now() - 86_400_000), ends_at: new Date(Date.now() + 86_400_000) })
    .execute();
}

/** POST /api/scans at 50 concurrent clients, each with its own users and locations. */
async function apiRun(): Promise<{ perSecond: number; p50: number; p99: number; rss: number; scans: number }> {
  const schema = await freshSchema("kindly_bench_write");
  const server = await startBenchServer(schema, 3911);
  const database = await openSchema(schema);
  try {
    await addRunningContest(database);
    const org = await insertOrganization(database.db, { name: "Bench Co", type: "company", country: "CA" });
    const locations = [];
    for (let i = 0; i < CLIENTS * LOCATIONS_PER_CLIENT; i++) {
      locations.push(await insertLocation(database.db, org.id, { name: `L${i}`, latitude: 45 + i * 0.01, longitude: -73 }));
    }
    const users = await insertUsersWithSessions(database.db, server.signing, CLIENTS * USERS_PER_CLIENT);
    // Round-robin over clients, so the 50 requests in flight belong to 50 different users and locations.
    const jobs: (() => Promise<void>)[] = [];
    for (let step = 0; step < USERS_PER_CLIENT * LOCATIONS_PER_CLIENT; step++) {
      for (let client = 0; client < CLIENTS; client++) {
        const user = users[client * USERS_PER_CLIENT + Math.floor(step / LOCATIONS_PER_CLIENT)]!;
        const location = locations[client * LOCATIONS_PER_CLIENT + (step % LOCATIONS_PER_CLIENT)]!;
        const body = JSON.stringify({ org: org.org_code, loc: location.qr_token, type: "virtual", lat: location.latitude, lon: location.longitude });
        jobs.push(() =>
          expectOk(fetch(`${server.url}/api/scans`, { method: "POST", headers: { "content-type": "application/json", cookie: user.cookie }, body }), 201),
        );
      }
    }
    const { latencies, seconds } = await runConcurrently(CLIENTS, jobs);
    return { perSecond: jobs.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rss: server.rssMegabytes(), scans: jobs.length };
  } finally {
    await database.close();
    await server.stop();
    await dropSchema(schema);
  }
}

function findPgbench(): string | undefined {
  const root = "/usr/lib/postgresql";
  let versions: string[];
  try {
    versions = readdirSync(root).sort().reverse();
  } catch {
    return undefined;
  }
  return versions.map((version) => path.join(root, version, "bin", "pgbench")).find((file) => existsSync(file));
}

/** The same transaction's SQL straight through pgbench, same concurrency and count. */
async function pgbenchRun(transactionsPerClient: number): Promise<{ perSecond: number; p50: number; p99: number } | { missing: string }> {
  const pgbench = findPgbench();
  if (!pgbench) return { missing: "pgbench not found (it ships with the PostgreSQL server)" };
  const schema = await freshSchema("kindly_bench_sql");
  const database = await openSchema(schema);
  const logDir = mkdtempSync(path.join(tmpdir(), "kindly-pgbench-"));
  try {
    await migrateToLatest(database.db);
    await addRunningContest(database);
    await database.db.insertInto("organizations").values({ id: "bench-org", name: "Bench Co", type: "company", org_code: "KND-BENCH", industry: null, country: "CA" }).execute();
    await database.db
      .insertInto("business_locations")
      .values(Array.from({ length: 1000 }, (_, i) => ({ id: `bench-loc-${i + 1}`, organization_id: "bench-org", name: `L${i}`, latitude: 45, longitude: -73, qr_token: `bench-token-${i + 1}` })))
      .execute();
    await database.db
      .insertInto("users")
      .values(Array.from({ length: CLIENTS }, (_, i) => ({ id: `bench-user-${i}`, username: `benchuser${i}`, email: `bench${i}@example.test`, email_verified: true, country: "CA", language_preference: "en" as const, onboarding_completed: true, is_official: false })))
      .execute();
    const result = spawnSync(
      pgbench,
      ["-n", "-c", String(CLIENTS), "-j", "2", "-t", String(transactionsPerClient), "-f", path.resolve("bench/pgbench-scan.sql"), "-l", "--log-prefix", path.join(logDir, "tx"), process.env.DATABASE_URL!],
      { encoding: "utf8", env: { ...process.env, PGOPTIONS: `-c search_path=${schema}` } },
    );
    if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr}`);
    const tps = Number(/tps = ([\d.]+)/.exec(result.stdout)?.[1]);
    // Log lines: client_id transaction_no latency_us script_no epoch epoch_us
    const latencies = readdirSync(logDir).flatMap((file) =>
      readFileSync(path.join(logDir, file), "utf8").trim().split("\n").map((line) => Number(line.split(" ")[2]) / 1000),
    );
    return { perSecond: tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    await database.close();
    await dropSchema(schema);
  }
}

export async function writePath(): Promise<void> {
  console.log("\nWrite path: POST /api/scans, 50 concurrent clients (distinct users and locations), PostgreSQL");
  const api = await apiRun();
  const direct = await pgbenchRun(api.scans / CLIENTS);
  row(`API scans per second (${api.scans} scans)`, api.perSecond.toFixed(0), "(none)");
  row("API latency p50", `${api.p50.toFixed(1)} ms`, "(none)");
  row("API latency p99", `${api.p99.toFixed(1)} ms`, "≤ 50 ms");
  if ("missing" in direct) {
    console.log(`  ${direct.missing}: no SQL baseline`);
  } else {
    row("same SQL via pgbench, transactions per second", direct.perSecond.toFixed(0), "(none)");
    row("pgbench latency p50 / p99", `${direct.p50.toFixed(1)} / ${direct.p99.toFixed(1)} ms`, "(none)");
    row("ratio API / SQL (scans per second)", (api.perSecond / direct.perSecond).toFixed(2), "≥ 0.5");
  }
  row("server memory (RSS) after the write run", `${api.rss.toFixed(0)} MB`, "< 300 MB");
}
