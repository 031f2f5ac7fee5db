import { sql } from "kysely";
import { buildUsers } from "../src/server/test/factories.js";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "./bench-server.js";
import { bulkLoad } from "./bulk-load.js";
import { numberingCeiling } from "./numbering-ceiling.js";
import { printScaleCosts, scaleCosts } from "./scale-costs.js";
import { row } from "./load.js";
import { ADMIN_ENDPOINTS, READ_ENDPOINTS, timeEndpoints, type Figures } from "./read-path.js";

/*
 * Kindly at scale (issue 62 §1): the same data shape at 100 K, 1 M and 10 M
 * acts (100,000 people, 1,000 organisations over three years, one of which
 * has half the acts over 200 places), and every read of the read path, the
 * big organisation's dashboard and the admin panel measured at each size.
 * Target for every row: p95 at the largest size ≤ 1.2 × p95 at 100 K, and
 * ≤ 25 ms (20 clients; the admin's 5).
 */

const CONCURRENCY = 20;
const ADMIN_CONCURRENCY = 5;
const USERS = 100_000;
const ORGANIZATIONS = 1_000;
const BIG_SHARE = 0.5;

export const DASHBOARD: [string, string][] = [
  ["dashboard summary (30 days)", "/api/organizations/o1/summary?days=30"],
  ["dashboard summary (90 days)", "/api/organizations/o1/summary?days=90"],
  ["dashboard analytics (90 days)", "/api/organizations/o1/analytics?days=90"],
  ["dashboard locations with totals", "/api/organizations/o1/locations"],
  ["dashboard interactions", "/api/organizations/o1/interactions"],
  ["dashboard engagement (90 days)", "/api/organizations/o1/engagement?days=90"],
];

export interface SizeFigures {
  acts: number;
  loadSeconds: number;
  reads: Figures;
  dashboard: Figures;
  admin: Figures;
  rss: number;
}

/** Scans fed to the numbering at once, to find its ceiling. */
const CEILING_SCANS = 20_000;

/** The reads at one size; at the largest, what the size costs the database too (scale-costs.ts, numbering-ceiling.ts). */
async function measureAt(acts: number, port: number, largest: boolean): Promise<SizeFigures> {
  const schema = await freshSchema(`kindly_bench_scale_${acts}`);
  try {
    const loadSeconds = await loadAt(schema, acts, port);
    const figures = { acts, loadSeconds, ...(await measureLoaded(schema, port)) };
    if (largest) {
      printScaleCosts(await scaleCosts(schema));
      console.log(`
The numbering lock's ceiling: ${CEILING_SCANS.toLocaleString("en")} first scans fed at once, new people at 500 places`);
      for (const writers of [1, 2]) {
        const ceiling = await numberingCeiling(schema, writers, CEILING_SCANS);
        console.log(
          `  ${writers} writer${writers > 1 ? "s" : ""}: ${ceiling.perSecond.toFixed(0)} acts a second (${ceiling.seconds.toFixed(1)} s)`,
        );
      }
    }
    return figures;
  } finally {
    await dropSchema(schema);
  }
}

/** Loads `acts` acts into `schema` (migrated by a first start of the server); seconds taken. */
export async function loadAt(schema: string, acts: number, port: number): Promise<number> {
  const server = await startBenchServer(schema, port);
  const database = await openSchema(schema);
  try {
    const started = performance.now();
    await bulkLoad(database.db, { acts, users: USERS, organizations: ORGANIZATIONS, bigOrganizationShare: BIG_SHARE });
    return (performance.now() - started) / 1000;
  } finally {
    await database.close();
    await server.stop();
  }
}

/** Every read of the three sections, on a loaded schema. */
export async function measureLoaded(schema: string, port: number): Promise<Omit<SizeFigures, "acts" | "loadSeconds">> {
  const server = await startBenchServer(schema, port);
  const database = await openSchema(schema);
  try {
    // The heaviest readers too: sessions go to people with acts, a tenth of them among the busiest.
    const sample = await sql<{ user_id: string }>`
      (select user_id from user_stats order by total_acts desc limit 20)
      union all (select user_id from user_stats order by random() limit 180)`.execute(database.db);
    const readers = await buildUsers(database.db, server.signing, sample.rows.length);
    for (const [i, reader] of readers.entries()) {
      await database.db.updateTable("sessions").set({ user_id: sample.rows[i]!.user_id }).where("user_id", "=", reader.id).execute();
    }
    const cookie = (i: number) => readers[i % readers.length]!.cookie;
    const reads = await timeEndpoints(server.url, READ_ENDPOINTS, CONCURRENCY, cookie);
    const [owner, official] = await buildUsers(database.db, server.signing, 2);
    await database.db.insertInto("organization_members").values({ organization_id: "o1", user_id: owner!.id, role: "owner" }).execute();
    const dashboard = await timeEndpoints(server.url, DASHBOARD, CONCURRENCY, () => owner!.cookie);
    await database.db.updateTable("users").set({ is_official: true }).where("id", "=", official!.id).execute();
    const admin = await timeEndpoints(server.url, ADMIN_ENDPOINTS, ADMIN_CONCURRENCY, () => official!.cookie);
    return { reads, dashboard, admin, rss: server.rssMegabytes() };
  } finally {
    await database.close();
    await server.stop();
  }
}

const human = (acts: number) => (acts >= 1_000_000 ? `${acts / 1_000_000}M` : `${acts / 1_000}K`);

/** `sizes`: ascending, the first the reference (100 K). */
export async function scalePath(sizes: number[]): Promise<void> {
  console.log(
    `\nScale: ${sizes.map(human).join(", ")} acts; ${USERS.toLocaleString("en")} people, ${ORGANIZATIONS} organisations, one with ${BIG_SHARE * 100} % of the acts; PostgreSQL`,
  );
  const measured: SizeFigures[] = [];
  for (const [i, acts] of sizes.entries()) {
    measured.push(await measureAt(acts, 3941 + i, i === sizes.length - 1));
    console.log(`  ${human(acts)} loaded in ${measured.at(-1)!.loadSeconds.toFixed(0)} s`);
  }
  printScale(sizes, measured);
}

/** The table of p95s by size and section, and the worst figures against their targets. */
export function printScale(sizes: number[], measured: SizeFigures[]): void {
  const [base, top] = [measured[0]!, measured.at(-1)!];
  const header = `${"p95 (ms)".padEnd(34)} ${sizes.map((acts) => human(acts).padStart(8)).join(" ")} ${"ratio".padStart(6)}`;
  let worst = { p95: 0, ratio: 0 };
  for (const section of ["reads", "dashboard", "admin"] as const) {
    console.log(`\n${header}   (${section}) target ≤ 25 ms, ratio ≤ 1.2`);
    for (const [label] of base[section]) {
      const p95s = measured.map((size) => size[section].get(label)!.p95);
      const ratio = p95s.at(-1)! / p95s[0]!;
      worst = { p95: Math.max(worst.p95, p95s.at(-1)!), ratio: Math.max(worst.ratio, ratio) };
      console.log(`${label.padEnd(34)} ${p95s.map((p) => p.toFixed(1).padStart(8)).join(" ")} ${ratio.toFixed(2).padStart(6)}`);
    }
  }
  row(`worst p95 at ${human(top.acts)} acts`, `${worst.p95.toFixed(1)} ms`, "≤ 25 ms");
  row(`worst ${human(top.acts)} / ${human(base.acts)} p95 ratio`, worst.ratio.toFixed(2), "≤ 1.2");
  row(`server memory (RSS) after the ${human(top.acts)} run`, `${top.rss.toFixed(0)} MB`, "≤ 300 MB");
}
