import { describe, expect, it } from "vitest";
import { buildOrganization, buildUsers } from "../test/factories.js";
import { TestClient } from "../test/http-client.js";
import { boardKeyFor } from "../features/scan/index.js";
import { startTestServer, testDrivers, useTestServer } from "../test/test-server.js";

describe.each(testDrivers({ replica: true }))("the shared cache of public numbers on %s", (driver) => {
  // A long lifetime, so that only the events can have emptied it.
  const suite = useTestServer(driver, { env: { PUBLIC_CACHE_SECONDS: "300" } });

  it("shares figures between visitors, is emptied by each new act, and never hides a writer's own act", async () => {
    const { db, auth } = suite.server.deps;
    const visitor = new TestClient(suite.server.url);
    const before = (await visitor.get("/api/stats")).body;
    // A change no act announces stays cached for everyone…
    await buildUsers(db, auth, 2);
    expect((await visitor.get("/api/stats")).body.users).toBe(before.users);
    expect((await visitor.fresh().get("/api/stats")).body.users).toBe(before.users);

    // …until the next act, which the writer sees at once, and so does everyone after the batch.
    const [user] = await buildUsers(db, auth, 1);
    const { physical } = await buildOrganization(db);
    const writer = new TestClient(suite.server.url, { cookie: user!.cookie });
    const scan = await writer.post("/api/scans", physical);
    expect(scan.status).toBe(201);
    expect((await writer.get("/api/feed")).body.items[0].actNumber).toBe(scan.body.actNumber);
    const after = (await visitor.get("/api/stats")).body;
    expect(after.users).toBe(before.users + 3);
    expect(after.totalActs).toBe(scan.body.actNumber);
    expect((await visitor.get("/api/feed")).body.items[0].actNumber).toBe(scan.body.actNumber);
    const board = await visitor.get("/api/leaderboards?board=individual&period=all");
    expect(board.body.rows.some((row: { id: string }) => row.id === boardKeyFor(user!.id))).toBe(true);
  });
});

describe("the shared cache across two processes", () => {
  it("is emptied in every process by an act recorded through another", async () => {
    const first = await startTestServer("postgres", { env: { PUBLIC_CACHE_SECONDS: "300" } });
    const second = await startTestServer("postgres", {
      database: { url: first.databaseUrl },
      env: { PUBLIC_CACHE_SECONDS: "300" },
    });
    try {
      const visitor = new TestClient(second.url);
      const before = (await visitor.get("/api/stats")).body.totalActs as number;
      const [user] = await buildUsers(first.deps.db, first.deps.auth, 1);
      const { physical } = await buildOrganization(first.deps.db);
      const scan = await new TestClient(first.url, { cookie: user!.cookie }).post("/api/scans", physical);
      expect(scan.body.actNumber).toBe(before + 1);
      // The batch's NOTIFY reaches the second process and empties its cache.
      await expect.poll(async () => (await visitor.get("/api/stats")).body.totalActs, { timeout: 10_000 }).toBe(before + 1);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe("the shared cache's size", () => {
  it("keeps at most 2,000 answers, dropping the oldest first", async () => {
    const { createPublicReadCache } = await import("./public-read-cache.js");
    const cache = createPublicReadCache({ subscribe: () => () => undefined, onResume: () => undefined } as never, 60_000);
    let loads = 0;
    const load = async () => (loads += 1);
    for (let area = 0; area <= 2000; area += 1) await cache.get(`map:${area}`, load);
    expect(loads).toBe(2001);
    await cache.get("map:2000", load);
    expect(loads).toBe(2001);
    await cache.get("map:0", load);
    expect(loads).toBe(2002);
  });
});
