import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { takeContractViolations } from "./api-contract.js";
import { buildApp } from "../app.js";
import { createDeps } from "../bootstrap.js";
import { loadConfig } from "../config.js";
import { openDatabase, type Database } from "../platform/db/client.js";
import type { AppDeps } from "../bootstrap.js";
import { TestClient } from "./http-client.js";

/**
 * Where the API suite runs: "postgres" (the run's PostgreSQL: DATABASE_URL's
 * or the embedded one, see global-setup.ts) and "replica" (a private primary
 * with a streaming replica as DATABASE_READ_URL).
 */
export type TestDriver = "postgres" | "replica";

/** The run's PostgreSQL, where each test server takes a schema of its own. */
export function testDatabaseUrl(): string {
  return inject("databaseUrl");
}

/**
 * PostgreSQL always; with `replica` (the files whose routes read through
 * DATABASE_READ_URL) also on the replica pair, when it runs (CI requires it).
 */
export function testDrivers(options: { replica?: boolean } = {}): TestDriver[] {
  if (!options.replica) return ["postgres"];
  const pair = inject("replicaPair");
  // Not provided at all (rather than null: provided, but no replica can run here): the file is not in the replica project.
  if (pair === undefined) throw new Error("This file reads through the replica: list it in vitest.config.ts's REPLICA_FILES.");
  return pair ? ["postgres", "replica"] : ["postgres"];
}

/**
 * Runs `work` while no other test process migrates or drops a test schema on
 * the same server. Kysely's migrator introspects every schema of the database
 * (pg_get_serial_sequence on each table), which fails when another test drops
 * its schema at that moment.
 */
export async function withSchemaLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(727201)");
    return await work();
  } finally {
    await client.end();
  }
}

/** A fresh, empty schema on a PostgreSQL server, dropped by `drop()`. */
export async function freshPostgresSchema(url = testDatabaseUrl()): Promise<{ schema: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const schema = `kindly_test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    schema,
    drop: () =>
      withSchemaLock(url!, async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      }),
  };
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  deps: AppDeps;
  logs: string[];
  /** The PostgreSQL schema in use, for a second server on the same data. */
  schema?: string;
  /** Where this server keeps uploads on disk (unless S3_* is set). */
  uploadsDir: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Share another server's database (two processes, one PostgreSQL). */
  database?: { schema?: string };
  /** Routes added before the server starts (e.g. one that throws). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** For "replica": this primary and replica instead of the suite's pair. */
  replicaPair?: { primary: string; replica: string };
  /** Where to listen: loopback unless a test needs a peer from another address. */
  host?: string;
}

/** A real Kindly API on a random port, over a real database. */
export async function startTestServer(driver: TestDriver = "postgres", options: TestServerOptions = {}): Promise<TestServer> {
  let database: Database;
  let dropSchema: (() => Promise<void>) | undefined;
  let schema: string | undefined;
  if (driver === "replica") {
    const pair = options.replicaPair ?? inject("replicaPair")!;
    const fresh = await freshPostgresSchema(pair.primary);
    schema = fresh.schema;
    dropSchema = fresh.drop;
    database = await openDatabase({ url: pair.primary, readUrl: pair.replica, schema, poolSize: 5 });
  } else {
    schema = options.database?.schema;
    if (!schema) {
      const fresh = await freshPostgresSchema();
      schema = fresh.schema;
      dropSchema = fresh.drop;
    }
    database = await openDatabase({ url: testDatabaseUrl(), schema, poolSize: 5 });
  }
  const uploadsDir = await mkdtemp(join(tmpdir(), "kindly-uploads-"));
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: "http://kindly.test",
    LOG_LEVEL: "info",
    RATE_LIMIT_SCALE: "100",
    SUPPORT_EMAIL: "support@kindly.test",
    // No test reaches the internet: a test that geocodes starts its own fake provider.
    GEOCODING_URL: "http://127.0.0.1:9/",
    GEOCODING_MIN_INTERVAL_MS: "0",
    CONTEST_DRAW_GRACE_SECONDS: "0",
    // Each server its own upload directory, removed when it closes.
    UPLOADS_DIR: uploadsDir,
    ...options.env,
  });
  const logs: string[] = [];
  const primaryUrl = driver === "replica" ? (options.replicaPair ?? inject("replicaPair")!).primary : testDatabaseUrl();
  const deps = await withSchemaLock(primaryUrl, () => createDeps(config, database, () => undefined));
  const app = await buildApp(deps, { serveWeb: false, logStream: { write: (line) => void logs.push(line) } });
  options.extraRoutes?.(app);
  await app.listen({ port: 0, host: options.host ?? "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    deps,
    logs,
    schema,
    uploadsDir: options.env?.UPLOADS_DIR ?? uploadsDir,
    async close() {
      await app.close();
      await deps.limiter.close();
      await deps.live.close();
      await deps.sessions.close();
      await database.close();
      await dropSchema?.();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * One server (and a cookie-keeping client) for a whole `describe` block:
 * started before its tests, closed after them.
 */
export function useTestServer(
  driver: TestDriver,
  options: TestServerOptions = {},
): { readonly server: TestServer; readonly client: TestClient } {
  let server: TestServer | undefined;
  let client: TestClient | undefined;
  beforeAll(async () => {
    server = await startTestServer(driver, options);
    client = new TestClient(server.url);
  });
  afterAll(async () => {
    await server?.close();
    // The API's document describes every answer this file's tests received (api-contract.ts).
    if (server) expect(takeContractViolations(server.url)).toEqual([]);
  });
  return {
    get server() {
      return server!;
    },
    get client() {
      return client!;
    },
  };
}
