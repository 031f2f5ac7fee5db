import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { servesKindlyRoutesOnly, takeContractViolations } from "./api-contract.js";
import { buildApp } from "../app.js";
import { createDeps } from "../bootstrap.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../platform/db/client.js";
import type { AppDeps } from "../bootstrap.js";
import { TestClient } from "./http-client.js";
import { createTestDatabase, sameDatabaseOn } from "./test-databases.js";

/**
 * Where the API suite runs: "postgres" (the run's PostgreSQL: DATABASE_URL's
 * or the embedded one, see global-setup.ts) and "replica" (a private primary
 * with a streaming replica as DATABASE_READ_URL).
 */
export type TestDriver = "postgres" | "replica";

/** The run's PostgreSQL server (its maintenance database): each test server works in a database of its own there. */
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

export interface TestServer {
  url: string;
  app: FastifyInstance;
  deps: AppDeps;
  logs: string[];
  /** The database this server works in (its own, unless shared): for a second server or a command on the same data. */
  databaseUrl: string;
  /** Where this server keeps uploads on disk (unless S3_* is set). */
  uploadsDir: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Share another server's database (two processes, one PostgreSQL): its `databaseUrl`. */
  database?: { url: string };
  /** Keep Kindly's tables in this schema of the server's own database (DATABASE_SCHEMA), migrated there from nothing. */
  schema?: string;
  /** Routes added before the server starts (e.g. one that throws). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** For "replica": this primary and replica instead of the suite's pair (its server migrates a database of its own). */
  replicaPair?: { primary: string; replica: string; template?: string };
  /** Where to listen: loopback unless a test needs a peer from another address. */
  host?: string;
}

/** A real Kindly API on a random port, over a real database. */
export async function startTestServer(driver: TestDriver = "postgres", options: TestServerOptions = {}): Promise<TestServer> {
  const pair = driver === "replica" ? (options.replicaPair ?? inject("replicaPair")!) : undefined;
  // The run's servers hold a migrated template; a test's own pair (no template) has its database migrated from nothing.
  const template = pair ? pair.template : inject("databaseTemplate");
  const own = options.database
    ? undefined
    : await createTestDatabase(pair?.primary ?? testDatabaseUrl(), options.schema ? { schema: options.schema } : { template });
  const url = options.database?.url ?? own!.url;
  const database = await openDatabase({ url, readUrl: pair && sameDatabaseOn(pair.replica, url), schema: options.schema, poolSize: 5 });
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
    // Closed at once: a test's client keeps idle connections in its pool (drain.api.test.ts sets its own).
    DRAIN_SECONDS: "0",
    // Each server its own upload directory, removed when it closes.
    UPLOADS_DIR: uploadsDir,
    // scrypt at 2^10 instead of 2^14: the suite signs up hundreds of people (password-hashing.ts tests the cost
    // itself); a server started as in production keeps production's.
    ...(options.env?.NODE_ENV === "production" ? {} : { PASSWORD_HASH_COST: "10" }),
    ...options.env,
  });
  const logs: string[] = [];
  const deps = await createDeps(config, database, () => undefined);
  const app = await buildApp(deps, { serveWeb: false, logStream: { write: (line) => void logs.push(line) } });
  options.extraRoutes?.(app);
  await app.listen({ port: 0, host: options.host ?? "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  if (!options.extraRoutes) servesKindlyRoutesOnly(`http://127.0.0.1:${port}`);
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    deps,
    logs,
    databaseUrl: url,
    uploadsDir: options.env?.UPLOADS_DIR ?? uploadsDir,
    async close() {
      await app.close();
      await deps.limiter.close();
      await deps.live.close();
      await deps.sessions.close();
      await database.close();
      await own?.drop();
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
