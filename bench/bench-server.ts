import pg from "pg";
import { openDatabase, type Database } from "../src/server/platform/db/client.js";
import { type SessionSigning } from "../src/server/test/factories.js";
import { startServerProcess } from "../src/server/test/server-process.js";

/** A new, empty schema on the DATABASE_URL server. */
export async function freshSchema(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists ${name} cascade`);
  await client.query(`create schema ${name}`);
  await client.end();
  return name;
}

export async function dropSchema(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists ${name} cascade`);
  await client.end();
}

export function openSchema(schema: string, poolSize = 4): Promise<Database> {
  return openDatabase({ url: process.env.DATABASE_URL!, schema, poolSize });
}

export interface BenchServer {
  url: string;
  signing: SessionSigning;
  /** Resident memory of the server process, in MB. */
  rssMegabytes(): number;
  stop(): Promise<void>;
}

/**
 * Kindly's real server (the same entry point as `npm start`) in its own
 * process, on one PostgreSQL schema, so its memory can be read on its own.
 */
export async function startBenchServer(schema: string, port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const server = await startServerProcess({
    port,
    env: { DATABASE_SCHEMA: schema, NODE_ENV: "development", ...env },
    // BENCH_PROF=1 writes a CPU profile of the server to /tmp/prof (open it in Chrome DevTools).
    nodeArgs: process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : [],
  });
  const database = await openSchema(schema, 1);
  const secret = await database.db.selectFrom("app_settings").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
  await database.close();
  return {
    url: server.url,
    // http APP_URL: better-auth's plain (not __Secure-) cookie name with Kindly's prefix.
    signing: { secret: secret.value, cookieName: "kindly.session_token" },
    rssMegabytes: () => server.rssMegabytes(),
    stop: () => server.stop(),
  };
}
