import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { createDeps, databaseFor } from "../../bootstrap.js";
import { loadConfig } from "../../config.js";
import { seedDemoData } from "../../features/demo/index.js";
import { buildOrganization, buildUsers, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { freePort, startServerProcess } from "../../test/server-process.js";
import type { TestServer } from "../../test/test-server.js";
import type { Database } from "./client.js";
import { embeddedConnection, startEmbeddedPostgres } from "./embedded-postgres.js";
import { openDatabase } from "./client.js";
import { MOVE_RECEIPT, type MoveReceipt } from "./pglite-move.js";
import type { DB } from "./schema.js";
import { temporaryDataFolder } from "../../test/data-folder.js";

/**
 * A data folder as the previous release left it: Kindly on PGlite in
 * `$DATA_DIR/db`, made here by that release's driver (PGlite through
 * kysely-pglite-dialect) with its migrations, demo data, a person who signed
 * up with a password and acts recorded through the API.
 */
async function previousReleaseFolder(dataDir: string) {
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, "db"), parsers: { 20: Number, 1082: (value: string) => value } });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  const database: Database = {
    db,
    replica: null,
    driver: "embedded",
    schema: "public",
    eventsChannel: "kindly_events",
    listen: async (onMessage, options = {}) => {
      const unlisten = await pglite.listen(options.channel ?? "kindly_events", onMessage);
      options.onConnected?.();
      return () => unlisten();
    },
    // PGlite is one connection, not a pool.
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    embeddedRestarts: () => 0,
    observeQueries: () => undefined,
    close: () => db.destroy(),
  };
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, APP_URL: "http://kindly.test", RATE_LIMIT_SCALE: "100" });
  const deps = await createDeps(config, database, () => undefined);
  await seedDemoData(deps.db, deps.storage);
  const app = await buildApp(deps, { serveWeb: false, logStream: { write: () => undefined } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const person = await signedInUser({ url, deps } as TestServer);
  const walkers = await buildUsers(deps.db, deps.auth, 3);
  const { virtual } = await buildOrganization(deps.db, { locations: 4 });
  const acts: number[] = [];
  for (const user of [...walkers, { cookie: "" }]) {
    const client = user.cookie ? new TestClient(url, { cookie: user.cookie }) : person.client;
    for (const place of virtual) {
      const scan = await client.post("/api/scans", { ...place.code, ...place.at });
      expect(scan.status).toBe(201);
      acts.push(scan.body.actNumber as number);
    }
  }
  await app.close();
  await deps.live.close();
  await deps.sessions.close();
  await deps.limiter.close();
  await database.close();
  return { person, acts };
}

describe("coming from PGlite", () => {
  const dataDir = temporaryDataFolder("kindly-move-");
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("moves every row of an earlier release's folder into the embedded PostgreSQL on the first start", async () => {
    const before = await previousReleaseFolder(dataDir);
    const port = await freePort();
    const server = await startServerProcess({ port, env: { DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" } });
    try {
      // The receipt holds PGlite's own counts; the new server holds at least those rows, table by table.
      const receipt = JSON.parse(readFileSync(path.join(dataDir, "pg", MOVE_RECEIPT), "utf8")) as MoveReceipt;
      expect(receipt.tables.acts).toBe(before.acts.length);
      expect(receipt.tables.users).toBeGreaterThanOrEqual(4);
      const moved = await openDatabase({ url: embeddedConnection(path.join(dataDir, "pg")).url, poolSize: 1 });
      try {
        for (const [table, count] of Object.entries(receipt.tables)) {
          const { n } = await moved.db
            .selectFrom(table as keyof DB)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow();
          expect(Number(n), table).toBeGreaterThanOrEqual(count);
        }
        const numbers = await moved.db.selectFrom("acts").select("act_number").orderBy("act_number").execute();
        expect(numbers.map((row) => row.act_number)).toEqual([...before.acts].sort((a, b) => a - b));
      } finally {
        await moved.close();
      }
      // Proven: `kindly verify` agreed, and the old folder is kept under a name that is never moved again.
      expect(existsSync(path.join(dataDir, "db"))).toBe(false);
      expect(existsSync(path.join(dataDir, "db.pglite-moved", "PG_VERSION"))).toBe(true);

      // The person signs in with the password they chose on PGlite, and the next act follows the old ones.
      const client = new TestClient(server.url);
      const signIn = await client.post("/api/auth/sign-in", { email: before.person.email, password: before.person.password });
      expect(signIn.status).toBe(200);
      const stats = await client.get("/api/me/stats");
      expect(stats.status).toBe(200);
      expect(stats.body.totalActs).toBe(4);
    } finally {
      await server.stop();
    }

    // A second start moves nothing again and serves the same data.
    const again = await startServerProcess({ port, env: { DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" } });
    try {
      const signIn = await new TestClient(again.url).post("/api/auth/sign-in", {
        email: before.person.email,
        password: before.person.password,
      });
      expect(signIn.status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 240_000);
});

describe("a move that cannot be done safely", () => {
  const dataDir = temporaryDataFolder("kindly-move-refused-");
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("stops the start with what to do, and touches neither database", async () => {
    const old = await PGlite.create({ dataDir: path.join(dataDir, "db") });
    await old.exec("create table kept (n int); insert into kept values (1), (2)");
    await old.close();
    // The new server already holds a database of its own (someone started this release with DATABASE_URL unset before).
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg") });
    const other = await openDatabase({ url: server.url, poolSize: 1 });
    await sql`create table mine (n int)`.execute(other.db);
    await other.close();
    await server.stop();

    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    await expect(databaseFor(config)).rejects.toThrow(/already has tables, so nothing was moved.*delete .*pg and start again/);
    expect(existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dataDir, "pg", MOVE_RECEIPT))).toBe(false);
    // Refused, the start left no server running behind it.
    expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  }, 120_000);
});
