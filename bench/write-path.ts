import { newSeed } from "../src/server/features/contests/fixtures.js";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { insertLocation, insertOrganization } from "../src/server/features/organizations/fixtures.js";
import { boardCount } from "../src/server/features/leaderboards/index.js";
import { buildUsers } from "../src/server/test/factories.js";
import type { Database } from "../src/server/platform/db/client.js";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "./bench-server.js";
import { expectOk, percentile, row, runConcurrently } from "./load.js";

const CLIENTS = 50;
const USERS_PER_CLIENT = 5;
const LOCATIONS_PER_CLIENT = 20;
const HOT_SPOT_USERS = 2000;

async function addRunningContest(database: Database) {
  await database.db
    .insertInto("contests")
    .values({
      id: "bench",
      name: JSON.stringify({ en: "Bench", fr: "Banc" }),
      starts_at: new Date(Date.now() - 86_400_000),
      ends_at: new Date(Date.now() + 86_400_000),
      ...newSeed(),
    })
    .execute();
}

interface ApiFigures {
  perSecond: number;
  p50: number;
  p99: number;
  rss: number;
  scans: number;
}

/** Runs the jobs as `CLIENTS` concurrent clients; every scan must be recorded. */
async function timeScans(server: { rssMegabytes(): number }, jobs: (() => Promise<void>)[]): Promise<ApiFigures> {
  const { latencies, seconds } = await runConcurrently(CLIENTS, jobs);
  return {
    perSecond: jobs.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rss: server.rssMegabytes(),
    scans: jobs.length,
  };
}

const scanJob = (url: string, cookie: string, body: string) => () =>
  expectOk(fetch(`${url}/api/scans`, { method: "POST", headers: { "content-type": "application/json", cookie }, body }), 201);

/** POST /api/scans at 50 concurrent clients, each with its own users and locations. */
async function apiRun(): Promise<ApiFigures> {
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
    const users = await buildUsers(database.db, server.signing, CLIENTS * USERS_PER_CLIENT);
    // Round-robin over clients, so the 50 requests in flight belong to 50 different users and locations.
    const jobs: (() => Promise<void>)[] = [];
    for (let step = 0; step < USERS_PER_CLIENT * LOCATIONS_PER_CLIENT; step++) {
      for (let client = 0; client < CLIENTS; client++) {
        const user = users[client * USERS_PER_CLIENT + Math.floor(step / LOCATIONS_PER_CLIENT)]!;
        const location = locations[client * LOCATIONS_PER_CLIENT + (step % LOCATIONS_PER_CLIENT)]!;
        jobs.push(
          scanJob(
            server.url,
            user.cookie,
            JSON.stringify({ org: org.org_code, loc: location.qr_token, type: "virtual", lat: location.latitude, lon: location.longitude }),
          ),
        );
      }
    }
    return await timeScans(server, jobs);
  } finally {
    await database.close();
    await server.stop();
    await dropSchema(schema);
  }
}

/** A campaign: 2,000 people who never scanned, 50 at a time, all at one organisation's one location. */
async function hotSpotRun(): Promise<ApiFigures & { organizationCount: number }> {
  const schema = await freshSchema("kindly_bench_hot");
  const server = await startBenchServer(schema, 3912);
  const database = await openSchema(schema);
  try {
    await addRunningContest(database);
    const org = await insertOrganization(database.db, { name: "Stadium", type: "company", country: "CA" });
    const place = await insertLocation(database.db, org.id, { name: "Gate A", latitude: 45.5, longitude: -73.57 });
    const users = await buildUsers(database.db, server.signing, HOT_SPOT_USERS);
    const body = JSON.stringify({ org: org.org_code, loc: place.qr_token, type: "virtual", lat: place.latitude, lon: place.longitude });
    const figures = await timeScans(
      server,
      users.map((user) => scanJob(server.url, user.cookie, body)),
    );
    return { ...figures, organizationCount: await boardCount(database.db, "company", "all", org.id) };
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

/** The floor: the cheapest durable "scan" (one numbered row per transaction) through pgbench, same concurrency. */
async function floorRun(transactions: number): Promise<{ perSecond: number; p50: number; p99: number } | { missing: string }> {
  const pgbench = findPgbench();
  if (!pgbench) return { missing: "pgbench not found (it ships with the PostgreSQL server)" };
  const schema = await freshSchema("kindly_bench_floor");
  const database = await openSchema(schema);
  const logDir = mkdtempSync(path.join(tmpdir(), "kindly-pgbench-"));
  try {
    await sql`create sequence floor_numbers`.execute(database.db);
    await sql`create table floor_acts (id text primary key default gen_random_uuid()::text, act_number bigint not null unique,
              user_id text not null, scanned_at timestamptz not null default now())`.execute(database.db);
    const result = spawnSync(
      pgbench,
      [
        "-n",
        "-c",
        String(CLIENTS),
        "-j",
        "2",
        "-t",
        String(Math.ceil(transactions / CLIENTS)),
        "-f",
        path.resolve("bench/pgbench-floor.sql"),
        "-l",
        "--log-prefix",
        path.join(logDir, "tx"),
        process.env.DATABASE_URL!,
      ],
      { encoding: "utf8", env: { ...process.env, PGOPTIONS: `-c search_path=${schema} -c synchronous_commit=on` } },
    );
    if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr}`);
    const tps = Number(/tps = ([\d.]+)/.exec(result.stdout)?.[1]);
    // Log lines: client_id transaction_no latency_us script_no epoch epoch_us
    const latencies = readdirSync(logDir).flatMap((file) =>
      readFileSync(path.join(logDir, file), "utf8")
        .trim()
        .split("\n")
        .map((line) => Number(line.split(" ")[2]) / 1000),
    );
    return { perSecond: tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    await database.close();
    await dropSchema(schema);
  }
}

export async function writePath(): Promise<void> {
  console.log("\nWrite path: POST /api/scans, 50 concurrent clients, PostgreSQL");
  const api = await apiRun();
  row(`API scans/s (${api.scans}, distinct users and places)`, api.perSecond.toFixed(0), "≥ 1,000");
  row("API latency p50", `${api.p50.toFixed(1)} ms`, "(none)");
  row("API latency p99", `${api.p99.toFixed(1)} ms`, "≤ 100 ms");
  row("server memory (RSS) after the write run", `${api.rss.toFixed(0)} MB`, "≤ 300 MB");

  const hot = await hotSpotRun();
  row(`hot spot: ${HOT_SPOT_USERS} first scans, one place, scans/s`, hot.perSecond.toFixed(0), "≥ 800");
  row("hot spot latency p99", `${hot.p99.toFixed(1)} ms`, "≤ 150 ms");
  row("hot spot: the organisation's count afterwards", String(hot.organizationCount), `= ${HOT_SPOT_USERS}`);
  row("server memory (RSS) after the hot-spot run", `${hot.rss.toFixed(0)} MB`, "≤ 300 MB");

  const floor = await floorRun(api.scans);
  if ("missing" in floor) {
    console.log(`  ${floor.missing}: no floor to compare with`);
  } else {
    row("floor: pgbench, one numbered row per commit, tps", floor.perSecond.toFixed(0), "(none)");
    row("floor latency p50 / p99", `${floor.p50.toFixed(1)} / ${floor.p99.toFixed(1)} ms`, "(none)");
    row("ratio API scans/s ÷ floor tps", (api.perSecond / floor.perSecond).toFixed(2), "≥ 0.5");
  }
}
