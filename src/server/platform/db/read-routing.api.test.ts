import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { privateClusterUnavailable, startPrimary, startReplica, type PgServer } from "../../test/pg-cluster.js";
import { freePort } from "../../test/server-process.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

const unavailable = privateClusterUnavailable();
// This file starts its own replica (it is in the "api" project, which starts none): it says so itself when it cannot.
if (unavailable && process.env.KINDLY_REQUIRE_ALL === "1") throw new Error(`KINDLY_REQUIRE_ALL=1 but no replica can run: ${unavailable}`);
if (unavailable) process.stderr.write(`\nSKIPPED: the asynchronous-replica test, since ${unavailable}.\n\n`);

async function onReplica(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

// An asynchronous replica, as deployed: it may lag. Its replay is paused to
// make the lag as long as the test needs, without waiting for time to pass.
describe.skipIf(unavailable !== null)("public reads on an asynchronous streaming replica", () => {
  let primary: PgServer;
  let replica: PgServer;
  let server: TestServer;
  beforeAll(async () => {
    primary = await startPrimary(await freePort());
    replica = await startReplica(primary, await freePort());
    // The shared cache is off here: this test is about where reads go.
    server = await startTestServer("replica", {
      replicaPair: { primary: primary.url, replica: replica.url },
      env: { PUBLIC_CACHE_SECONDS: "0" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await replica?.destroy();
    await primary?.destroy();
  });

  it("serve visitors from the replica and let people read their own writes at once", async () => {
    const { db, auth } = server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { virtual } = await buildOrganization(db, { type: "company", locations: 2 });
    const me = new TestClient(server.url, { cookie: user!.cookie });
    const visitor = new TestClient(server.url);
    const first = await me.post("/api/scans", { ...virtual[0]!.code, ...virtual[0]!.at });
    expect(first.status).toBe(201);
    expect(first.setCookie.some((line) => line.startsWith("kindly.read_after="))).toBe(true);
    await expect
      .poll(async () => (await visitor.get("/api/feed")).body.items.map((i: { actNumber: number }) => i.actNumber))
      .toContain(first.body.actNumber);

    await onReplica(replica.url, "select pg_wal_replay_pause()");
    try {
      const second = await me.post("/api/scans", { ...virtual[1]!.code, ...virtual[1]!.at });
      expect(second.status).toBe(201);
      // The writer reads the primary until the replica has caught up…
      const mine = await me.get("/api/feed");
      expect(mine.body.items[0].actNumber).toBe(second.body.actNumber);
      expect((await me.get("/api/stats")).body.totalActs).toBe(second.body.actNumber);
      // …while a visitor reads the replica, which has not seen it yet.
      const theirs = await visitor.get("/api/feed");
      expect(theirs.body.items.map((i: { actNumber: number }) => i.actNumber)).not.toContain(second.body.actNumber);
      expect((await visitor.get("/api/stats")).body.totalActs).toBe(first.body.actNumber);
    } finally {
      await onReplica(replica.url, "select pg_wal_replay_resume()");
    }
    await expect.poll(async () => (await visitor.get("/api/stats")).body.totalActs).toBe(first.body.actNumber + 1);
    const health = await visitor.get("/api/health/ready");
    expect(health.body.database).toEqual({ driver: "postgres", state: "up", replica: "up" });
  });
});
