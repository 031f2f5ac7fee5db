import { buildUsers } from "../src/server/test/factories.js";
import { sql } from "kysely";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "./bench-server.js";
import { bulkLoad } from "./bulk-load.js";
import { expectOk, percentile, row, runConcurrently } from "./load.js";

const CONCURRENCY = 20;
const REQUESTS_PER_ENDPOINT = 400;
const USERS = 100_000;
const ORGANIZATIONS = 1_000;

export type Figures = Map<string, { p50: number; p95: number }>;

/** The reads of a participant's pages: home, feed, every board and period, profile, history. */
export const READ_ENDPOINTS: [string, string][] = [
  ["home stats  GET /api/stats", "/api/stats"],
  ["live feed   GET /api/feed", "/api/feed"],
  ...(["individual", "company", "organisation", "country"] as const).flatMap((board) =>
    (["monthly", "yearly", "all"] as const).map((period): [string, string] => [
      `leaderboard ${board} ${period}`,
      `/api/leaderboards?board=${board}&period=${period}`,
    ]),
  ),
  ["profile     GET /api/me/stats", "/api/me/stats"],
  ["history     GET /api/me/acts", "/api/me/acts"],
];

/** The admin panel's reads (issue 10): what the official account opens most, at the panel's concurrency. */
const ADMIN_CONCURRENCY = 5;
export const ADMIN_ENDPOINTS: [string, string][] = [
  ["admin overview", "/api/admin/overview"],
  ["admin users, top by acts", "/api/admin/users"],
  ["admin users, search by username", "/api/admin/users?q=reader12"],
  ["admin users, search by email", "/api/admin/users?q=reader4567%40"],
  ["admin users, newest", "/api/admin/users?order=newest"],
];

export async function timeEndpoints(
  url: string,
  endpoints: [string, string][],
  concurrency: number,
  cookieOf: (i: number) => string,
): Promise<Figures> {
  const figures: Figures = new Map();
  for (const [label, path] of endpoints) {
    const jobs = Array.from(
      { length: REQUESTS_PER_ENDPOINT },
      (_, i) => () => expectOk(fetch(`${url}${path}`, { headers: { cookie: cookieOf(i) } })),
    );
    await runConcurrently(concurrency, jobs.slice(0, 40)); // warm-up
    const { latencies } = await runConcurrently(concurrency, jobs);
    figures.set(label, { p50: percentile(latencies, 50), p95: percentile(latencies, 95) });
  }
  return figures;
}

async function measure(acts: number, port: number): Promise<{ figures: Figures; admin: Figures; rss: number; loadSeconds: number }> {
  const schema = await freshSchema(`kindly_bench_read_${acts}`);
  const server = await startBenchServer(schema, port);
  const database = await openSchema(schema);
  try {
    const started = performance.now();
    await bulkLoad(database.db, { acts, users: USERS, organizations: ORGANIZATIONS });
    const loadSeconds = (performance.now() - started) / 1000;
    // Profiles and histories are read for sampled people who have acts: sessions are attached to them.
    const sample = await sql<{ user_id: string }>`select user_id from user_stats order by random() limit 200`.execute(database.db);
    const readers = await buildUsers(database.db, server.signing, sample.rows.length);
    for (const [i, reader] of readers.entries()) {
      await database.db.updateTable("sessions").set({ user_id: sample.rows[i]!.user_id }).where("user_id", "=", reader.id).execute();
    }
    const figures = await timeEndpoints(server.url, READ_ENDPOINTS, CONCURRENCY, (i) => readers[i % readers.length]!.cookie);
    const [official] = await buildUsers(database.db, server.signing, 1);
    await database.db.updateTable("users").set({ is_official: true }).where("id", "=", official!.id).execute();
    const admin = await timeEndpoints(server.url, ADMIN_ENDPOINTS, ADMIN_CONCURRENCY, () => official!.cookie);
    return { figures, admin, rss: server.rssMegabytes(), loadSeconds };
  } finally {
    await database.close();
    await server.stop();
    await dropSchema(schema);
  }
}

export async function readPath(): Promise<void> {
  console.log(
    `\nRead path: ${CONCURRENCY} concurrent clients, ${REQUESTS_PER_ENDPOINT} requests per endpoint, ${USERS.toLocaleString("en")} users, ${ORGANIZATIONS} organisations, PostgreSQL`,
  );
  const big = await measure(1_000_000, 3921);
  const small = await measure(100_000, 3922);
  console.log(`  bulk load: 1,000,000 acts in ${big.loadSeconds.toFixed(0)} s, 100,000 acts in ${small.loadSeconds.toFixed(0)} s`);
  console.log(
    `${"endpoint".padEnd(34)} ${"1M p50".padStart(8)} ${"1M p95".padStart(8)} ${"100K p95".padStart(9)} ${"ratio".padStart(6)}   target p95 ≤ 25 ms, ratio ≤ 1.3`,
  );
  let worstP95 = 0;
  let worstRatio = 0;
  for (const [label, atMillion] of big.figures) {
    const atHundredK = small.figures.get(label)!;
    const ratio = atMillion.p95 / atHundredK.p95;
    worstP95 = Math.max(worstP95, atMillion.p95);
    worstRatio = Math.max(worstRatio, ratio);
    console.log(
      `${label.padEnd(34)} ${atMillion.p50.toFixed(1).padStart(8)} ${atMillion.p95.toFixed(1).padStart(8)} ${atHundredK.p95.toFixed(1).padStart(9)} ${ratio.toFixed(2).padStart(6)}`,
    );
  }
  row("worst p95 at 1M acts", `${worstP95.toFixed(1)} ms`, "≤ 25 ms");
  row("worst 1M / 100K p95 ratio", worstRatio.toFixed(2), "≤ 1.3");
  row("server memory (RSS) after the 1M read run", `${big.rss.toFixed(0)} MB`, "≤ 300 MB");
  console.log(`\nAdmin panel: ${ADMIN_CONCURRENCY} concurrent clients, the official account, same data`);
  console.log(
    `${"endpoint".padEnd(34)} ${"1M p50".padStart(8)} ${"1M p95".padStart(8)} ${"100K p95".padStart(9)}   target p95 ≤ 50 ms at 1M acts`,
  );
  let worstAdmin = 0;
  for (const [label, atMillion] of big.admin) {
    worstAdmin = Math.max(worstAdmin, atMillion.p95);
    console.log(
      `${label.padEnd(34)} ${atMillion.p50.toFixed(1).padStart(8)} ${atMillion.p95.toFixed(1).padStart(8)} ${small.admin.get(label)!.p95.toFixed(1).padStart(9)}`,
    );
  }
  row("worst admin p95 (1M acts, 100,000 users)", `${worstAdmin.toFixed(1)} ms`, "≤ 50 ms");
  row("server memory (RSS) after the 100K read run", `${small.rss.toFixed(0)} MB`, "≤ 300 MB");
}
