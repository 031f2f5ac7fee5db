import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import * as everyActNumbered from "../../platform/db/migrations/2026-12-17-0033-every-act-numbered.js";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { startTestServer, testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";
import { boardCount } from "../leaderboards/index.js";
import { reserveActNumberRange } from "./act-numbering.js";
import { reconcileAggregates } from "./reconcile/reconcile-service.js";
import { recordScan } from "./scan-service.js";

/** Runs `jobs` with at most `limit` in flight, as a crowd of phones would. */
async function inCrowd<T>(limit: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await jobs[index]!();
      }
    }),
  );
  return results;
}

/** Every numbered act's number, sorted; and the checks every batch design must pass. */
async function expectGaplessFromOne(server: TestServer) {
  const rows = await server.deps.db.selectFrom("acts").select("act_number").execute();
  const numbers = rows.map((row) => row.act_number);
  expect(numbers.filter((n) => n === null)).toEqual([]);
  const sorted = (numbers as number[]).sort((a, b) => a - b);
  expect(sorted).toEqual(sorted.map((_, i) => i + 1));
  const counter = await server.deps.db.selectFrom("act_counter").select("last_number").executeTakeFirstOrThrow();
  expect(counter.last_number).toBe(sorted.length);
}

/** The rank histogram agrees with the users' totals (what `verify` checks, stated directly). */
async function expectHistogramMatchesTotals(server: TestServer) {
  const { rows: drift } = await sql<{ total_acts: number }>`
    select coalesce(h.total_acts, t.total_acts) as total_acts from act_total_histogram h
    full join (select total_acts, count(*)::int as users from user_stats where total_acts > 0 group by total_acts) t
      on t.total_acts = h.total_acts
    where coalesce(h.users, 0) <> coalesce(t.users, 0)`.execute(server.deps.db);
  expect(drift).toEqual([]);
}

describe.each(testDrivers())("act numbering in batches on %s", (driver) => {
  const suite = useTestServer(driver);

  it("a campaign hot spot: 2,000 first-time users at one location, 50 at a time, give 2,000 gapless acts", async () => {
    const { db } = suite.server.deps;
    const users = await buildUsers(db, suite.server.deps.auth, 2000);
    const { org, virtual } = await buildOrganization(db);
    const body = { ...virtual[0]!.code, ...virtual[0]!.at };
    const results = await inCrowd(
      50,
      users.map((user) => () => new TestClient(suite.server.url, { cookie: user.cookie }).post("/api/scans", body)),
    );
    expect(results.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    const answered = results.map((r) => r.body.actNumber as number).sort((a, b) => a - b);
    expect(new Set(answered).size).toBe(2000);
    await expectGaplessFromOne(suite.server);
    expect(await boardCount(db, "company", "all", org.id)).toBe(2000);
    const ones = await db.selectFrom("act_total_histogram").select("users").where("total_acts", "=", 1).executeTakeFirstOrThrow();
    expect(ones.users).toBe(2000);
    await expectHistogramMatchesTotals(suite.server);
    // Each person's number is the one their act carries.
    const mine = await new TestClient(suite.server.url, { cookie: users[7]!.cookie }).get("/api/me/acts");
    expect(mine.body.acts[0].actNumber).toBe(results[7]!.body.actNumber);
  }, 300_000); // generous: under stress-ng a run took 131 s

  it("two scans by one user either side of New York midnight both count, with no lost update", async () => {
    const { db, numbering } = suite.server.deps;
    const { virtual } = await buildOrganization(db, { type: "company", locations: 2 });
    // 23:59:59.900 and 00:00:00.100 in New York (EST, UTC-5), many users at once.
    const beforeMidnight = new Date("2026-11-23T04:59:59.900Z");
    const afterMidnight = new Date("2026-11-23T05:00:00.100Z");
    const users = await buildUsers(db, suite.server.deps.auth, 20);
    await Promise.all(
      users.flatMap((user) => [
        recordScan({
          db,
          numbering,
          userId: user.id,
          request: { ...virtual[0]!.code, ...virtual[0]!.at },
          now: beforeMidnight,
        }),
        recordScan({
          db,
          numbering,
          userId: user.id,
          request: { ...virtual[1]!.code, ...virtual[1]!.at },
          now: afterMidnight,
        }),
      ]),
    );
    const stats = await db
      .selectFrom("user_stats")
      .select(["user_id", "total_acts", "current_streak", "last_act_day"])
      .where(
        "user_id",
        "in",
        users.map((u) => u.id),
      )
      .execute();
    expect(stats).toHaveLength(20);
    for (const row of stats) {
      expect(row.total_acts).toBe(2);
      expect(row.last_act_day).toBe("2026-11-23");
      expect(row.current_streak).toBe(2);
    }
    const days = await db
      .selectFrom("user_scan_days")
      .select(["day", "scans"])
      .where("user_id", "=", users[0]!.id)
      .orderBy("day")
      .execute();
    expect(days).toEqual([
      { day: "2026-11-22", scans: 1 },
      { day: "2026-11-23", scans: 1 },
    ]);
    await expectHistogramMatchesTotals(suite.server);
  });

  it("reserves one contiguous range for manual acts while scans keep arriving", async () => {
    const { db } = suite.server.deps;
    const users = await buildUsers(db, suite.server.deps.auth, 60);
    const { virtual } = await buildOrganization(db);
    const body = { ...virtual[0]!.code, ...virtual[0]!.at };
    const scans = inCrowd(
      20,
      users.map((user) => () => new TestClient(suite.server.url, { cookie: user.cookie }).post("/api/scans", body)),
    );
    const ranges = await Promise.all([5, 7, 3].map((count) => db.transaction().execute((trx) => reserveActNumberRange(trx, count))));
    const results = await scans;
    expect(results.every((r) => r.status === 201)).toBe(true);
    const scanNumbers = new Set(results.map((r) => r.body.actNumber as number));
    const reserved = ranges.flatMap(({ first, last }) => Array.from({ length: last - first + 1 }, (_, i) => first + i));
    expect(ranges.map(({ first, last }) => last - first + 1)).toEqual([5, 7, 3]);
    // No scan got a number inside a reserved range, and the ranges never overlap.
    expect(reserved.filter((n) => scanNumbers.has(n))).toEqual([]);
    expect(new Set(reserved).size).toBe(15);
  });
});

describe.each(testDrivers())("acts an older version left unnumbered, on %s", (driver) => {
  it("are numbered by migration 0033, after every number already given, and counted everywhere", async () => {
    const server = await startTestServer(driver);
    try {
      const db = server.deps.db;
      const [user] = await buildUsers(db, server.deps.auth, 1);
      const { physical } = await buildOrganization(db);
      const scan = await new TestClient(server.url, { cookie: user!.cookie }).post("/api/scans", physical);
      expect(scan.status).toBe(201);
      // What a crash before migration 0025 could leave, between a scan's
      // commit and its numbering batch: a committed act (here, a card of
      // another organisation) with no number, counted only in its person's totals.
      const other = await buildOrganization(db);
      const cardSeries = await db
        .selectFrom("card_series")
        .select("id")
        .where("qr_token", "=", other.portable.loc)
        .executeTakeFirstOrThrow();
      const orphanId = randomUUID();
      await db
        .insertInto("acts")
        .values({
          id: orphanId,
          user_id: user!.id,
          organization_id: other.org.id,
          card_series_id: cardSeries.id,
          location_id: null,
          card_type: "portable",
          scan_day: "2026-11-22",
          rarity: "bronze",
          user_pseudo: "Kindly #TEST",
          country: "CA",
        })
        .execute();
      await db
        .updateTable("user_stats")
        // (Its day as an active day too: migration 0053 counted the days as user_scan_days had them.)
        .set((eb) => ({ total_acts: eb("total_acts", "+", 1), bronze: eb("bronze", "+", 1), active_days: eb("active_days", "+", 1) }))
        .where("user_id", "=", user!.id)
        .execute();
      await sql`insert into user_scan_days (user_id, day, scans) values (${user!.id}, '2026-11-22', 1)
                on conflict (user_id, day) do update set scans = user_scan_days.scans + 1`.execute(db);
      // (Its person's acts per organisation came later, migration 0048, which counted such an act from the acts.)
      await sql`insert into person_organization_counts (user_id, organization_id, acts, first_at, last_at)
                select user_id, organization_id, 1, scanned_at, scanned_at from acts where id = ${orphanId}`.execute(db);
      expect((await reconcileAggregates(db, { repair: false })).drift.map((d) => d.name)).toContain("daily totals");

      await db.transaction().execute((trx) => everyActNumbered.up(trx));

      const orphan = await db.selectFrom("acts").select("act_number").where("id", "=", orphanId).executeTakeFirstOrThrow();
      expect(orphan.act_number).toBe(scan.body.actNumber + 1);
      await expectGaplessFromOne(server);
      await expectHistogramMatchesTotals(server);
      expect(await boardCount(db, "company", "all", other.org.id)).toBe(1);
      // Every aggregate agrees with the acts again, the scan's own and the orphan's alike.
      expect((await reconcileAggregates(db, { repair: false })).drift).toEqual([]);
      // With nothing waiting it changes nothing.
      await db.transaction().execute((trx) => everyActNumbered.up(trx));
      expect((await reconcileAggregates(db, { repair: false })).drift).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe("the hot spot across two server processes on one PostgreSQL", () => {
  it("numbers 2,000 first scans at one location without a gap, each rule kept", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const users = await buildUsers(first.deps.db, first.deps.auth, 2000);
      const { org, virtual } = await buildOrganization(first.deps.db);
      const body = { ...virtual[0]!.code, ...virtual[0]!.at };
      // Every user tries twice, once through each process: one act each.
      const results = await inCrowd(
        50,
        users.flatMap((user, i) =>
          [first, second].map(
            (server, copy) => () =>
              new TestClient((i + copy) % 2 ? server.url : first.url, { cookie: user.cookie }).post("/api/scans", body),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(2000);
      expect(new Set(results.filter((r) => r.status !== 201).map((r) => r.body.error.code))).toEqual(
        new Set(["already_scanned_location_today"]),
      );
      await expectGaplessFromOne(first);
      expect(await boardCount(first.deps.db, "company", "all", org.id)).toBe(2000);
      await expectHistogramMatchesTotals(first);
    } finally {
      await second.close();
      await first.close();
    }
  }, 300_000); // generous: under stress-ng a run took 131 s
});
