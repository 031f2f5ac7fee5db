import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { readEvents } from "../../test/event-stream.js";
import { startPrimary, type PgServer } from "../../test/pg-cluster.js";
import { expectNoActLost, startScanLoad } from "../../test/scan-load.js";
import { freePort, startServerProcess } from "../../test/server-process.js";
import { openDatabase, type Database } from "./client.js";

/**
 * What a managed PostgreSQL, a pooler or the OOM killer does to a running
 * Kindly, done for real to a PostgreSQL of the test's own under scan and read
 * load: its connections terminated, one backend killed (PostgreSQL then
 * restarts every backend), the postmaster killed and started again. The
 * server must stay up, answer 503 in Kindly's shape (never 500) while the
 * database is away, serve again by itself with its prepared statements and
 * its LISTEN connection back, and lose no acknowledged act.
 */
describe("a Kindly whose database connections fail", () => {
  let primary: PgServer;
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let setup: Database;

  beforeAll(async () => {
    primary = await startPrimary(await freePort());
    server = await startServerProcess({ port: await freePort(), env: { DATABASE_URL: primary.url, NODE_ENV: "test" } });
    setup = await openDatabase({ url: primary.url, poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    await setup?.close();
    await server?.stop("SIGTERM");
    await primary?.destroy();
  });

  const admin = async <T>(sqlText: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: primary.url });
    // This test kills the server under its own clients too: a connection that dies between the
    // answer and end() reports it as an 'error' event, which must not end the test run.
    client.on("error", () => undefined);
    await client.connect();
    try {
      return (await client.query(sqlText)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const kindlyBackends = () =>
    admin<{ pid: number }>("select pid from pg_stat_activity where application_name like 'kindly%' order by pid");
  const alive = () => {
    try {
      process.kill(server.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  /** Seconds from `since` until the server is ready again and records a scan. */
  const recovery = async (since: number, scan: () => Promise<number>) => {
    await expect.poll(async () => (await fetch(`${server.url}/api/health/ready`)).status, { timeout: 60_000, interval: 100 }).toBe(200);
    await expect.poll(scan, { timeout: 60_000, interval: 100 }).toBe(201);
    return (performance.now() - since) / 1000;
  };

  it("stays up through terminated connections, a killed backend and a killed postmaster, and loses no act", async () => {
    const secret = await setup.db.selectFrom("app_settings").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
    const users = await buildUsers(setup.db, { secret: secret.value, cookieName: "kindly.session_token" }, 400);
    const { virtual } = await buildOrganization(setup.db, { type: "company", locations: 24 });
    const [probe] = await buildUsers(setup.db, { secret: secret.value, cookieName: "kindly.session_token" }, 1);
    const probes = await Promise.all(Array.from({ length: 3 }, async () => (await buildOrganization(setup.db)).physical));
    // An employer's identity provider, calling the staff directory (SCIM) through the faults too.
    const scimToken = randomBytes(32).toString("base64url");
    await setup.db
      .insertInto("staff_directory_tokens")
      .values({
        organization_id: (await buildOrganization(setup.db)).org.id,
        token_hash: createHash("sha256").update(scimToken).digest("hex"),
      })
      .execute();
    const scimUsers = () => fetch(`${server.url}/scim/v2/Users`, { headers: { authorization: `Bearer ${scimToken}` } });
    const probeScan = (i: number) => async () =>
      (await new TestClient(server.url, { cookie: probe!.cookie }).post("/api/scans", probes[i]!).catch(() => null))?.status ?? 0;

    // A live stream held open through every fault, read as a browser reads it (a reader that falls behind is cut off).
    const stream = await fetch(`${server.url}/api/events`);
    expect(stream.status).toBe(200);
    let lateNumber: number | null = null;
    const announces = (events: { event: string; data: string }[]) =>
      lateNumber !== null &&
      events.some((e) => e.event === "acts" && JSON.parse(e.data).latest.some((a: { actNumber: number }) => a.actNumber === lateNumber));
    const watched = readEvents(stream, announces);
    const load = startScanLoad({ baseUrl: () => server.url, users, places: virtual, walkers: 8, pauseMs: 50 });
    const times: Record<string, number> = {};
    await sleep(1500);

    // 1. Every connection of Kindly's terminated, as a failover or an administrator does.
    const before = await kindlyBackends();
    expect(before.length).toBeGreaterThan(1);
    const terminated = performance.now();
    await admin("select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'kindly%'");
    times["pg_terminate_backend on every connection"] = await recovery(terminated, probeScan(0));
    expect(alive()).toBe(true);
    await sleep(1000);

    // 2. One backend killed (the OOM killer): PostgreSQL ends every session and recovers.
    const [victim] = await kindlyBackends();
    process.kill(victim!.pid, "SIGKILL");
    // The database is available again once it accepts a connection.
    await expect
      .poll(
        () =>
          admin("select 1").then(
            () => true,
            () => false,
          ),
        { timeout: 60_000, interval: 50 },
      )
      .toBe(true);
    times["kill -9 of one backend"] = await recovery(performance.now(), probeScan(1));
    expect(alive()).toBe(true);
    await sleep(1000);

    // 3. The postmaster killed, down for two seconds, then started again.
    const postmaster = Number(readFileSync(path.join(primary.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(postmaster, "SIGKILL");
    await sleep(2000);
    expect(alive()).toBe(true);
    const down = await new TestClient(server.url).get("/api/health/ready");
    expect(down.status).toBe(503);
    const refused = await new TestClient(server.url, { cookie: users[0]!.cookie }).get("/api/me");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.body.error.code).toBe("database_unavailable");
    const french = await new TestClient(server.url, { cookie: users[0]!.cookie }).get("/api/me", { "accept-language": "fr-CA" });
    expect(french.status).toBe(503);
    expect(french.body.error.message).toContain("base de données");
    // The provider gets SCIM's error shape (RFC 7644 §3.12), 503 with the same advice to retry.
    const scimDown = await scimUsers();
    expect(scimDown.status).toBe(503);
    expect(scimDown.headers.get("retry-after")).toBe("5");
    expect(await scimDown.json()).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "503" });
    // Backends of a killed postmaster may linger a moment; pg_ctl start waits for them.
    for (let attempt = 0; ; attempt++) {
      try {
        await primary.start();
        break;
      } catch (error) {
        if (attempt > 10) throw error;
        await sleep(500);
      }
    }
    times["kill -9 of the postmaster, started again"] = await recovery(performance.now(), probeScan(2));
    expect(alive()).toBe(true);
    expect((await scimUsers()).status).toBe(200);
    const report = await load.stop();

    // Live events resumed (the load stopped, so the act is in a batch of its own): an act recorded now reaches the stream opened before the faults.
    const [late] = await buildUsers(setup.db, { secret: secret.value, cookieName: "kindly.session_token" }, 1);
    const lateScan = await new TestClient(server.url, { cookie: late!.cookie }).post("/api/scans", probes[0]!);
    expect(lateScan.status).toBe(201);
    lateNumber = lateScan.body.actNumber as number;
    expect(announces((await watched).events)).toBe(true);

    process.stdout.write(
      `connection faults: ${[...report.statuses].map(([s, n]) => `${s}×${n}`).join(", ")}; ${report.retried} scans retried; recovery ${Object.entries(
        times,
      )
        .map(([fault, seconds]) => `${fault} ${seconds.toFixed(2)} s`)
        .join("; ")}\n`,
    );
    expect(report.wrong).toEqual([]);
    expect(report.statuses.get("network") ?? 0).toBe(0);
    expect(report.acknowledged.size).toBeGreaterThan(50);
    await expectNoActLost(setup.db, report.acknowledged);
  }, 300_000);

  it("starts while its database is away, waits for it, and serves once it answers", async () => {
    await primary.stop("fast");
    const waiting = startServerProcess({ port: await freePort(), env: { DATABASE_URL: primary.url, NODE_ENV: "test" } });
    let started = false;
    void waiting.then(
      () => (started = true),
      () => undefined,
    );
    await sleep(3000);
    expect(started).toBe(false);
    await primary.start();
    const late = await waiting;
    try {
      expect((await fetch(`${late.url}/api/health/ready`)).status).toBe(200);
    } finally {
      await late.stop("SIGTERM");
    }
    // The first server followed the restart too.
    await expect.poll(async () => (await fetch(`${server.url}/api/health/ready`)).status, { timeout: 60_000, interval: 100 }).toBe(200);
  }, 180_000);
});
