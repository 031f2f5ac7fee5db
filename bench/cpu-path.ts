import { spawn } from "node:child_process";
import { sql } from "kysely";
import { setTimeout as sleep } from "node:timers/promises";
import { insertLocation, insertOrganization } from "../src/server/features/organizations/fixtures.js";
import { addMember, buildUsers, type SessionSigning } from "../src/server/test/factories.js";
import { startServerProcess } from "../src/server/test/server-process.js";
import type { Database } from "../src/server/platform/db/client.js";
import { ensureServerBuild } from "../scripts/server-build.mjs";
import { createStartupSteps } from "../scripts/startup-steps.mjs";
import { dropSchema, freshSchema, openSchema } from "./bench-server.js";
import { bulkLoad, vacuumSchema } from "./bulk-load.js";
import { BackendCpu, processCpuMs } from "./cpu/process-cpu.js";
import { startSmtpCapture } from "../src/server/test/smtp-capture.js";
import { expectOk, percentile, row, runConcurrently } from "./load.js";
import { prepareWrites, writeJobs, WRITES, type WriteLabel, type WriteSetup } from "./cpu/write-jobs.js";

// Issue 29: what a request costs in CPU, Node and PostgreSQL apart, beside
// the floor peer (bench/cpu/floor-server.ts) doing a scan's essential
// database work. Kindly and the floor run interleaved, three times each, on
// the same schema (100,000 acts loaded), and the medians are compared.

const CLIENTS = 50;
// Five rounds: on a 2-core machine single rounds swing by ±0.2 of the ratio.
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
/** Per run: each client's users scan each of its own places once. */
const USERS_PER_CLIENT = 2;
const PLACES_PER_CLIENT = 20;
const HOT_SPOT_SCANS = 1000;
const WARM_UP_SCANS = 200;
const READS_PER_ENDPOINT = 1000;
const READ_CLIENTS = 20;
/** Per run and write: each write's calls (issue 62 §2), after as many for warming up. */
const WRITES_PER_RUN = 400;
const WRITE_WARM_UP = 50;
const APP_NAME = "kindly-bench-cpu";

interface Cost {
  /** CPU ms per request. */
  node: number;
  postgres: number;
  load: number;
  /** Latency, ms. */
  p95: number;
}

interface Setup {
  schema: string;
  database: Database;
  signing: SessionSigning;
  org: { id: string; org_code: string };
  /** Each client's places, within walking distance of each other (impossible travel stays quiet). */
  places: { qr_token: string; latitude: number; longitude: number }[][];
  hotSpot: { org_code: string; qr_token: string; latitude: number; longitude: number };
  writes: WriteSetup;
}

interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A real SMTP server standing in for the mail provider (a thanks mails its giver). */
let smtpUrl = "smtp://127.0.0.1:2525";

async function startKindly(schema: string, port: number): Promise<RunningServer> {
  return startServerProcess({
    port,
    // BENCH_PROF=1 writes CPU profiles of the server to /tmp/prof (open them in Chrome DevTools).
    nodeArgs: process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : [],
    env: {
      DATABASE_SCHEMA: schema,
      NODE_ENV: "production",
      // Production asks for a mail server: a thanks' notice is mailed (after the answer, from the task queue).
      SMTP_URL: smtpUrl,
      PGAPPNAME: APP_NAME,
    },
  });
}

async function startFloor(setup: Setup, port: number): Promise<RunningServer> {
  // BENCH_PROF=1 profiles the floor too, to /tmp/prof-floor, for a side-by-side reading.
  const profile = process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof-floor"] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "bench/cpu/floor-server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_SCHEMA: setup.schema,
      AUTH_SECRET: setup.signing.secret,
      COOKIE_NAME: setup.signing.cookieName,
      PGAPPNAME: APP_NAME,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error("the floor server exited");
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      if (tries > 600) throw new Error("the floor server did not start");
    }
    await sleep(50);
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Runs the jobs at `clients` concurrency and returns their CPU per job: the server's, its backends', the load generator's. */
async function measure(server: RunningServer, clients: number, jobs: (() => Promise<void>)[]): Promise<Cost> {
  const backends = await BackendCpu.open(process.env.DATABASE_URL!, APP_NAME);
  try {
    const nodeBefore = processCpuMs(server.pid)!;
    const loadBefore = process.cpuUsage();
    await backends.start();
    const { latencies } = await runConcurrently(clients, jobs);
    const postgres = await backends.stop();
    const load = process.cpuUsage(loadBefore);
    const node = processCpuMs(server.pid)! - nodeBefore;
    return {
      node: node / jobs.length,
      postgres: postgres / jobs.length,
      load: (load.user + load.system) / 1000 / jobs.length,
      p95: percentile(latencies, 95),
    };
  } finally {
    await backends.close();
  }
}

const scanJob = (url: string, cookie: string, body: string) => () =>
  expectOk(fetch(`${url}/api/scans`, { method: "POST", headers: { "content-type": "application/json", cookie }, body }), 201);

const placeBody = (org: string, place: Setup["hotSpot"] | Setup["places"][number][number]) =>
  JSON.stringify({ org, loc: place.qr_token, type: "virtual", lat: place.latitude, lon: place.longitude });

/** New people, each client's scanning its own places in turn (50 different people and places in flight). */
async function distinctScans(setup: Setup, url: string): Promise<(() => Promise<void>)[]> {
  const users = await buildUsers(setup.database.db, setup.signing, CLIENTS * USERS_PER_CLIENT);
  const jobs: (() => Promise<void>)[] = [];
  for (let step = 0; step < USERS_PER_CLIENT * PLACES_PER_CLIENT; step++) {
    for (let client = 0; client < CLIENTS; client++) {
      const user = users[client * USERS_PER_CLIENT + Math.floor(step / PLACES_PER_CLIENT)]!;
      jobs.push(scanJob(url, user.cookie, placeBody(setup.org.org_code, setup.places[client]![step % PLACES_PER_CLIENT]!)));
    }
  }
  return jobs;
}

/** A campaign: people who never scanned, all at one place. */
async function hotSpotScans(setup: Setup, url: string, count: number): Promise<(() => Promise<void>)[]> {
  const users = await buildUsers(setup.database.db, setup.signing, count);
  const body = placeBody(setup.hotSpot.org_code, setup.hotSpot);
  return users.map((user) => scanJob(url, user.cookie, body));
}

interface ReadEndpoint {
  label: string;
  path: string;
  /** Cached public reads are compared with GET /api/public-config, which reads no database. */
  cached?: boolean;
}

function readEndpoints(organizationId: string): ReadEndpoint[] {
  return [
    { label: "GET /api/public-config", path: "/api/public-config" },
    { label: "GET /api/stats", path: "/api/stats", cached: true },
    { label: "GET /api/leaderboards (individual, monthly)", path: "/api/leaderboards?board=individual&period=monthly", cached: true },
    { label: "GET /api/me/stats", path: "/api/me/stats" },
    { label: "GET /api/me/acts", path: "/api/me/acts" },
    { label: "GET /api/chat/messages", path: "/api/chat/messages", cached: true },
    { label: "GET dashboard summary (30 days)", path: `/api/organizations/${organizationId}/summary?days=30` },
  ];
}

async function prepare(): Promise<Setup> {
  const schema = await freshSchema("kindly_bench_cpu");
  // The first start migrates the schema.
  const first = await startKindly(schema, 3921);
  await first.stop();
  const database = await openSchema(schema);
  await bulkLoad(database.db, { acts: 100_000, users: 10_000, organizations: 1_000 });
  // As autovacuum would have left older data: hint bits set and pages marked
  // visible, so that neither server's first round pays for them.
  await vacuumSchema(database.db);
  const secret = await database.db.selectFrom("app_settings").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
  const signing = { secret: secret.value, cookieName: "kindly.session_token" };
  const org = await insertOrganization(database.db, { name: "Bench Co", type: "company", country: "CA" });
  const places: Setup["places"] = [];
  for (let client = 0; client < CLIENTS; client++) {
    const mine = [];
    for (let i = 0; i < PLACES_PER_CLIENT; i++) {
      // Clients 0.1° apart; a client's places 0.001° (about 100 m) apart.
      mine.push(
        await insertLocation(database.db, org.id, { name: `C${client} P${i}`, latitude: 45 + client * 0.1, longitude: -73 + i * 0.001 }),
      );
    }
    places.push(mine);
  }
  const stadium = await insertOrganization(database.db, { name: "Stadium", type: "company", country: "CA" });
  const gate = await insertLocation(database.db, stadium.id, { name: "Gate A", latitude: 45.5, longitude: -73.57 });
  const writes = await prepareWrites(database.db, signing);
  return { schema, database, signing, org, places, hotSpot: { org_code: stadium.org_code, ...gate }, writes };
}

/** Readers: people with acts (a profile and a history to read), one of them a member of the organisation. */
async function readJobs(setup: Setup, url: string): Promise<Map<string, (() => Promise<void>)[]>> {
  const readers = await buildUsers(setup.database.db, setup.signing, 20);
  const scans = await distinctScans(setup, url);
  await runConcurrently(CLIENTS, scans.slice(0, CLIENTS));
  for (const [i, reader] of readers.entries()) {
    await expectOk(
      fetch(`${url}/api/scans`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: reader.cookie },
        body: placeBody(setup.org.org_code, setup.places[i]![0]!),
      }),
      201,
    );
  }
  await addMember(setup.database.db, setup.org.id, readers[0]!.id);
  const jobs = new Map<string, (() => Promise<void>)[]>();
  for (const endpoint of readEndpoints(setup.org.id)) {
    const member = endpoint.path.startsWith("/api/organizations/");
    jobs.set(
      endpoint.label,
      Array.from({ length: READS_PER_ENDPOINT }, (_, i) => {
        const cookie = member ? readers[0]!.cookie : readers[i % readers.length]!.cookie;
        return () => expectOk(fetch(`${url}${endpoint.path}`, { headers: { cookie } }));
      }),
    );
  }
  return jobs;
}

/** Waits (up to a minute) until the server has run every task queued for after its answers. */
async function tasksDelivered(database: Database): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    const { n } = await database.db
      .selectFrom("queued_tasks")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      // Every task not given up on, the ones being run (leased) included.
      .where(sql<boolean>`run_after < 'infinity'`)
      .executeTakeFirstOrThrow();
    if (Number(n) === 0) return;
    await sleep(100);
  }
}

/** Mean acts per numbering batch so far, from the server's /metrics (loopback may read it). */
async function meanBatchSize(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const sum = Number(/^kindly_numbering_batch_size_sum (\S+)$/m.exec(text)?.[1]);
  const count = Number(/^kindly_numbering_batch_size_count (\S+)$/m.exec(text)?.[1]);
  return count > 0 ? sum / count : 0;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianCost = (costs: Cost[]): Cost => ({
  node: median(costs.map((c) => c.node)),
  postgres: median(costs.map((c) => c.postgres)),
  load: median(costs.map((c) => c.load)),
  p95: median(costs.map((c) => c.p95)),
});

function costRow(label: string, cost: Cost, target = "(none)"): void {
  row(
    label,
    `${(cost.node + cost.postgres).toFixed(2)} ms`,
    `${target}   (Node ${cost.node.toFixed(2)} + PostgreSQL ${cost.postgres.toFixed(2)}; load generator ${cost.load.toFixed(2)})`,
  );
}

export async function cpuPath(): Promise<void> {
  console.log(
    `\nCPU per request (issue 29): /proc utime+stime of the server and of its PostgreSQL backends, ${CLIENTS} clients,` +
      ` 100,000 acts; Kindly (compiled, production) and the floor peer interleaved, median of ${ROUNDS}`,
  );
  await ensureServerBuild(createStartupSteps(() => undefined));
  const smtp = await startSmtpCapture();
  smtpUrl = smtp.url;
  const setup = await prepare();
  const costs = { kindly: [] as Cost[], floor: [] as Cost[], kindlyHot: [] as Cost[], floorHot: [] as Cost[] };
  const reads = new Map<string, Cost[]>();
  const writes = { kindly: new Map<WriteLabel, Cost[]>(), floor: new Map<WriteLabel, Cost[]>() };
  const scansToo = process.env.BENCH_CPU_SCANS !== "0";
  const only = process.env.BENCH_CPU_ONLY?.split(",");
  const batchSizes: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ["kindly", "floor"] as const) {
        const server = kind === "kindly" ? await startKindly(setup.schema, 3922) : await startFloor(setup, 3923);
        try {
          // Warm-up: the JIT, the pool's connections, the session caches.
          await runConcurrently(CLIENTS, (await distinctScans(setup, server.url)).slice(0, WARM_UP_SCANS));
          if (scansToo) {
            costs[kind].push(await measure(server, CLIENTS, await distinctScans(setup, server.url)));
            if (kind === "kindly") batchSizes.push(await meanBatchSize(server.url));
            const hot = await hotSpotScans(setup, server.url, HOT_SPOT_SCANS + WARM_UP_SCANS);
            await runConcurrently(CLIENTS, hot.slice(0, WARM_UP_SCANS));
            costs[kind === "kindly" ? "kindlyHot" : "floorHot"].push(await measure(server, CLIENTS, hot.slice(WARM_UP_SCANS)));
          }
          if (kind === "kindly" && process.env.BENCH_CPU_READS !== "0") {
            for (const [label, jobs] of await readJobs(setup, server.url)) {
              await runConcurrently(READ_CLIENTS, jobs.slice(0, 100));
              reads.set(label, [...(reads.get(label) ?? []), await measure(server, READ_CLIENTS, jobs)]);
            }
          }
          // After the reads: the chat they read is the one the scans left, not thousands of messages later.
          if (process.env.BENCH_CPU_WRITES !== "0") {
            for (const [label, jobs] of await writeJobs(setup.writes, server.url, WRITE_WARM_UP + WRITES_PER_RUN)) {
              // BENCH_CPU_ONLY="chat send,like" measures those writes alone (a profile of one write, BENCH_PROF=1).
              if (only && !only.includes(label)) continue;
              await runConcurrently(CLIENTS, jobs.slice(0, WRITE_WARM_UP));
              writes[kind].set(label, [...(writes[kind].get(label) ?? []), await measure(server, CLIENTS, jobs.slice(WRITE_WARM_UP))]);
            }
            // The thanks' notices still being mailed are left to this server, not to the next round's measures.
            if (kind === "kindly") await tasksDelivered(setup.database);
          }
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await setup.database.close();
    // BENCH_KEEP=1 leaves the schema (kindly_bench_cpu) for EXPLAIN and pg_stat_statements afterwards.
    if (!process.env.BENCH_KEEP) await dropSchema(setup.schema);
    await smtp.close();
  }

  const total = (cost: Cost) => cost.node + cost.postgres;
  if (writes.kindly.size > 0) {
    for (const label of WRITES.filter((write) => writes.kindly.has(write))) {
      const [mine, floor] = [medianCost(writes.kindly.get(label)!), medianCost(writes.floor.get(label)!)];
      costRow(`${label}`, mine);
      costRow(`  floor peer, the same ${label}`, floor);
      row(`  ratio Kindly ÷ floor (${label})`, (total(mine) / total(floor)).toFixed(2), "≤ 1.3");
      const latencyTarget = label === "chat send" || label === "survey submit" ? "≤ 30 ms" : "(none)";
      row(`  p95 at ${CLIENTS} clients (${label}; floor ${floor.p95.toFixed(1)} ms)`, `${mine.p95.toFixed(1)} ms`, latencyTarget);
    }
  }
  if (!scansToo) return;
  const kindly = medianCost(costs.kindly);
  const floor = medianCost(costs.floor);
  const kindlyHot = medianCost(costs.kindlyHot);
  const floorHot = medianCost(costs.floorHot);
  costRow("POST /api/scans, distinct people and places", kindly);
  costRow("  floor peer, the same scans", floor);
  row("  ratio Kindly ÷ floor (distinct)", (total(kindly) / total(floor)).toFixed(2), "≤ 1.1");
  row("  acts per numbering batch (Kindly, mean)", median(batchSizes).toFixed(1), "(none)");
  costRow("POST /api/scans, hot spot (new people, one place)", kindlyHot);
  costRow("  floor peer, the same scans", floorHot);
  row("  ratio Kindly ÷ floor (hot spot)", (total(kindlyHot) / total(floorHot)).toFixed(2), "≤ 1.1");
  if (reads.size === 0) return;
  const noDatabase = medianCost(reads.get("GET /api/public-config")!);
  for (const endpoint of readEndpoints(setup.org.id)) {
    const cost = medianCost(reads.get(endpoint.label)!);
    costRow(endpoint.label, cost, endpoint.label === "GET /api/me/stats" ? "PostgreSQL ≤ 1.0 ms" : "(none)");
    if (endpoint.cached) row(`  ratio to GET /api/public-config`, (total(cost) / total(noDatabase)).toFixed(2), "≤ 1.2");
  }
}
