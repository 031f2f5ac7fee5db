import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { openDatabase, type Database } from "../src/server/db/client.js";
import type { SessionSigning } from "../src/server/test/fast-users.js";

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
  return openDatabase({ url: process.env.DATABASE_URL, schema, poolSize });
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
export async function startBenchServer(schema: string, port: number): Promise<BenchServer> {
  // BENCH_PROF=1 writes a CPU profile of the server to /tmp/prof (open it in Chrome DevTools).
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []), "--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_SCHEMA: schema,
      KINDLY_API_ONLY: "1",
      DEMO_DATA: "never",
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      ...(process.env.BENCH_PROF ? { KINDLY_CPU_PROF: "1" } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error("server did not start");
    await sleep(50);
  }
  const database = await openSchema(schema, 1);
  const secret = await database.db.selectFrom("app_settings").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
  await database.close();
  return {
    url,
    // http APP_URL: better-auth's plain (not __Secure-) cookie name with Kindly's prefix.
    signing: { secret: secret.value, cookieName: "kindly.session_token" },
    rssMegabytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
