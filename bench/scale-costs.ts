import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describeReport, reconcileAggregates } from "../src/server/features/scan/index.js";
import { addDays } from "../src/shared/acts/new-york-time.js";
import { restoreBackup, writeBackup } from "../src/server/platform/db/backup.js";
import { localDiskStorage } from "../src/server/platform/storage/local-disk-storage.js";
import { dropSchema, freshSchema, openSchema } from "./bench-server.js";

/*
 * What one PostgreSQL pays for a size of Kindly (issue 62 §3), on a loaded
 * schema: bytes per act (the acts table and its indexes, and every aggregate),
 * the time to vacuum and freeze the acts, `kindly verify`, and a backup and
 * its restore (Kindly's own, `npm run kindly -- backup`). docs/scale.md
 * extrapolates from these.
 */

export interface ScaleCosts {
  acts: number;
  tables: { name: string; bytes: number; tableBytes: number; rows: number }[];
  vacuumFreezeSeconds: number;
  verifySeconds: number;
  /** `kindly verify --since`: the last day and the last week, and a repair of drift put in the last day. */
  since: { days: number; acts: number; seconds: number; repair: boolean }[];
  backupSeconds: number;
  backupBytes: number;
  restoreSeconds: number;
}

const seconds = (started: number) => (performance.now() - started) / 1000;

export async function scaleCosts(schema: string): Promise<ScaleCosts> {
  const database = await openSchema(schema);
  const folder = mkdtempSync(path.join(tmpdir(), "kindly-scale-"));
  const restored = await freshSchema(`${schema}_restored`);
  try {
    const { rows: count } = await sql<{ n: string }>`select count(*) as n from acts`.execute(database.db);
    const { rows: tables } = await sql<{ name: string; bytes: string; table_bytes: string; rows: string }>`
      select c.relname as name, pg_total_relation_size(c.oid) as bytes, pg_relation_size(c.oid) as table_bytes,
             greatest(c.reltuples, 0)::bigint as rows
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'
      order by pg_total_relation_size(c.oid) desc`.execute(database.db);

    let started = performance.now();
    await sql`vacuum (freeze) acts`.execute(database.db);
    const vacuumFreezeSeconds = seconds(started);

    started = performance.now();
    const report = await reconcileAggregates(database.db, { repair: false });
    const verifySeconds = seconds(started);
    if (report.drift.length > 0) throw new Error(`the aggregates drift: ${report.drift.map((d) => d.name).join(", ")}`);

    const since: ScaleCosts["since"] = [];
    const { rows: latest } = await sql<{ day: string }>`select max(day)::text as day from daily_act_counts`.execute(database.db);
    for (const [days, repair] of [
      [1, false],
      [7, false],
      [1, true],
    ] as const) {
      const first = addDays(latest[0]!.day, 1 - days);
      if (repair) {
        // Something to repair: the day's total and one of its people's.
        await sql`update daily_act_counts set acts = acts + 1 where day = ${first}::date`.execute(database.db);
        await sql`update user_stats set total_acts = total_acts + 1
                  where user_id = (select user_id from user_scan_days where day = ${first}::date limit 1)`.execute(database.db);
      }
      const { rows: counted } = await sql<{
        n: string;
      }>`select coalesce(sum(acts), 0) as n from daily_act_counts where day >= ${first}::date`.execute(database.db);
      started = performance.now();
      const checked = await reconcileAggregates(database.db, { repair, since: first });
      since.push({ days, acts: Number(counted[0]!.n), seconds: seconds(started), repair });
      if (repair !== checked.drift.length > 0) throw new Error(`verify --since ${first}: ${describeReport(checked).join("; ")}`);
    }

    // Kindly's backup of the schema (no uploads here), then its restore into an empty schema (it migrates it itself).
    const file = path.join(folder, "kindly.backup");
    started = performance.now();
    await writeBackup(database.db, localDiskStorage(path.join(folder, "uploads")), file, () => undefined);
    const backupSeconds = seconds(started);
    const into = await openSchema(restored);
    started = performance.now();
    try {
      await restoreBackup(into.db, restored, localDiskStorage(path.join(folder, "restored-uploads")), file, () => undefined);
    } finally {
      await into.close();
    }
    const restoreSeconds = seconds(started);
    return {
      acts: Number(count[0]!.n),
      tables: tables.map((t) => ({ name: t.name, bytes: Number(t.bytes), tableBytes: Number(t.table_bytes), rows: Number(t.rows) })),
      vacuumFreezeSeconds,
      verifySeconds,
      since,
      backupSeconds,
      backupBytes: statSync(file).size,
      restoreSeconds,
    };
  } finally {
    await database.close();
    await dropSchema(restored);
    rmSync(folder, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export function printScaleCosts(costs: ScaleCosts): void {
  const total = costs.tables.reduce((sum, t) => sum + t.bytes, 0);
  const acts = costs.tables.find((t) => t.name === "acts")!;
  console.log(`\nWhat ${costs.acts.toLocaleString("en")} acts cost one PostgreSQL`);
  console.log(
    `  acts: ${mb(acts.bytes)} (table ${mb(acts.tableBytes)}, indexes ${mb(acts.bytes - acts.tableBytes)}); every table: ${mb(total)}`,
  );
  console.log(
    `  bytes per act: ${(acts.bytes / costs.acts).toFixed(0)} (acts and its indexes), ${(total / costs.acts).toFixed(0)} (everything)`,
  );
  for (const t of costs.tables.slice(0, 12))
    console.log(`    ${t.name.padEnd(32)} ${mb(t.bytes).padStart(9)}  ${t.rows.toLocaleString("en").padStart(12)} rows`);
  console.log(`  vacuum (freeze) acts: ${costs.vacuumFreezeSeconds.toFixed(1)} s`);
  console.log(`  kindly verify (every aggregate from the acts): ${costs.verifySeconds.toFixed(1)} s`);
  for (const run of costs.since)
    console.log(
      `  kindly verify --since (the last ${run.days === 1 ? "day" : `${run.days} days`}, ${run.acts.toLocaleString("en")} acts${run.repair ? ", --repair of two drifting rows" : ""}): ${run.seconds.toFixed(1)} s`,
    );
  console.log(
    `  kindly backup: ${costs.backupSeconds.toFixed(1)} s, ${mb(costs.backupBytes)}; restore: ${costs.restoreSeconds.toFixed(1)} s`,
  );
}
