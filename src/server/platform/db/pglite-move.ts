import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * Kindly's data folder before the embedded PostgreSQL kept its database in
 * PGlite, at `$DATA_DIR/db`. On the first start of the new release, its
 * every row moves into the new server: PGlite's own `pg_dump`
 * (`@electric-sql/pglite-tools`) writes it out, the new server runs the dump
 * in one transaction, and the row count of every table is compared on both
 * sides. Anything short of that rolls back and stops the start, leaving the
 * old folder as it was. Once the counts agree, a receipt is written beside
 * the new cluster; the caller then migrates, runs `kindly verify`, and only
 * after that retires the old folder (`retireOldFolder`).
 */

export const MOVE_RECEIPT = "moved-from-pglite.json";

export interface MoveReceipt {
  movedAt: string;
  from: string;
  tables: Record<string, number>;
}

export class PgliteMoveError extends Error {}

/** The folder of an earlier Kindly's PGlite database still to be moved, or null. */
export function pgliteFolderToMove(dataDir: string): string | null {
  const old = path.resolve(dataDir, "db");
  if (!existsSync(path.join(old, "PG_VERSION"))) return null;
  if (existsSync(path.join(path.resolve(dataDir, "pg"), MOVE_RECEIPT))) return null;
  return old;
}

async function dumpOf(folder: string): Promise<{ sql: string; counts: Record<string, number> }> {
  // Loaded only for the move: PGlite holds hundreds of MB while open.
  const { PGlite } = await import("@electric-sql/pglite");
  const { pgDump } = await import("@electric-sql/pglite-tools/pg_dump");
  const pglite = await PGlite.create({ dataDir: folder });
  try {
    const counts = await rowCounts((text) => pglite.query<Record<string, unknown>>(text).then((result) => result.rows));
    // INSERT statements rather than COPY: the dump then runs as plain SQL over a connection.
    const file = await pgDump({ pg: pglite, args: ["--no-owner", "--no-privileges", "--inserts", "--rows-per-insert=200"] });
    return { sql: await file.text(), counts };
  } finally {
    await pglite.close();
  }
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Exact row counts of every table in the public schema. */
async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query("select tablename from pg_tables where schemaname = 'public' order by tablename");
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await query(`select count(*)::int as n from public."${String(tablename)}"`);
    counts[String(tablename)] = Number(row!.n);
  }
  return counts;
}

/**
 * pg_dump's output without psql's own commands (`\restrict`, `\connect`…),
 * which are not SQL; everything else runs as the dump wrote it.
 */
export function sqlOfDump(dump: string): string {
  return dump
    .split("\n")
    .filter((line) => !line.startsWith("\\"))
    .join("\n");
}

/** Moves the PGlite database at `folder` into the empty database at `url`; returns the receipt written into `clusterDir`. */
export async function moveFromPglite(folder: string, url: string, clusterDir: string, log: (line: string) => void): Promise<MoveReceipt> {
  log(`Moving the database of the earlier Kindly (PGlite, ${folder}) into the embedded PostgreSQL…`);
  const { sql, counts } = await dumpOf(folder);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
    if (existing.rows[0].n > 0) {
      throw new PgliteMoveError(
        `${folder} holds an earlier Kindly's database, but the embedded PostgreSQL already has tables, so nothing was moved. ` +
          `To move it, stop Kindly, delete ${clusterDir} and start again; to keep the new database, rename ${folder}.`,
      );
    }
    await client.query("begin");
    try {
      await client.query(sqlOfDump(sql));
      // The dump empties search_path for its own statements; the counts read the tables by their full name anyway.
      const moved = await rowCounts((text) => client.query(text).then((result) => result.rows as Record<string, unknown>[]));
      const differences = Object.keys({ ...counts, ...moved }).filter((table) => counts[table] !== moved[table]);
      if (differences.length > 0) {
        throw new PgliteMoveError(
          `The move from PGlite was undone: row counts differ for ${differences.map((t) => `${t} (${counts[t] ?? 0} → ${moved[t] ?? 0})`).join(", ")}.`,
        );
      }
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      if (error instanceof PgliteMoveError) throw error;
      throw new PgliteMoveError(
        `The move from PGlite failed and was undone (${error instanceof Error ? error.message : String(error)}); ${folder} is untouched.`,
      );
    }
  } finally {
    await client.end();
  }
  const receipt: MoveReceipt = { movedAt: new Date().toISOString(), from: folder, tables: counts };
  writeFileSync(path.join(clusterDir, MOVE_RECEIPT), `${JSON.stringify(receipt, null, 2)}\n`);
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  log(`Moved ${rows} rows in ${Object.keys(counts).length} tables; every table's row count matches.`);
  return receipt;
}

/** After `kindly verify` agreed: the old folder is renamed so it is never moved again, and kept until its owner deletes it. */
export function retireOldFolder(folder: string): string {
  const kept = `${folder}.pglite-moved`;
  renameSync(folder, kept);
  return kept;
}

export function readReceipt(clusterDir: string): MoveReceipt | null {
  const file = path.join(clusterDir, MOVE_RECEIPT);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as MoveReceipt) : null;
}
