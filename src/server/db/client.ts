import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql, type Dialect } from "kysely";
import type { DB } from "./schema.js";

export type DatabaseDriver = "pglite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  driver: DatabaseDriver;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  url?: string;
  /** Directory of the embedded database; undefined means in memory (tests). */
  pgliteDir?: string;
  /** Schema to work in on PostgreSQL (tests use a fresh one per run). */
  schema?: string;
  poolSize?: number;
}

/** One interface over both drivers, so every query is written once. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { dialect, driver } = options.url
    ? { dialect: await postgresDialect(options), driver: "postgres" as const }
    : { dialect: await pgliteDialect(options.pgliteDir), driver: "pglite" as const };
  const db = new Kysely<DB>({ dialect });
  return { db, driver, close: () => db.destroy() };
}

async function postgresDialect(options: DatabaseOptions): Promise<Dialect> {
  const { default: pg } = await import("pg");
  // Return bigint counts as JS numbers; Kindly's counters stay far below 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  return new PostgresDialect({ pool });
}

async function pgliteDialect(dir: string | undefined): Promise<Dialect> {
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("kysely-pglite-dialect"),
  ]);
  if (dir) mkdirSync(path.resolve(dir), { recursive: true });
  const pglite = await PGlite.create(dir ? path.resolve(dir) : undefined, {
    parsers: { 20: (value: string) => Number(value) },
  });
  return new PGliteDialect(pglite);
}

export async function databaseIsUp(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
