import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DAILY_SCAN_LIMIT } from "../../../shared/acts/daily-limit.js";
import type { LiveEvent } from "../../../shared/schemas/stats.js";
import { buildContest, buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { startTestServer, testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";

type ScanBody = Record<string, unknown>;

const scanAll = (server: TestServer, jobs: { cookie: string; body: ScanBody }[]) =>
  Promise.all(jobs.map(({ cookie, body }) => new TestClient(server.url, { cookie }).post("/api/scans", body)));

async function actsOf(server: TestServer, userIds: string[]) {
  return server.deps.db.selectFrom("acts").select(["act_number", "user_id"]).where("user_id", "in", userIds).execute();
}

describe.each(testDrivers())("scan rules under concurrency on %s", (driver) => {
  const suite = useTestServer(driver);

  it("50 parallel scans by one user at one location record exactly one act", async () => {
    const [user] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 1);
    const { virtual } = await buildOrganization(suite.server.deps.db);
    const body = { ...virtual[0]!.code, ...virtual[0]!.at };
    const results = await scanAll(
      suite.server,
      Array.from({ length: 50 }, () => ({ cookie: user!.cookie, body })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status !== 201).map((r) => r.body.error.code))).toEqual(
      new Set(["already_scanned_location_today"]),
    );
    expect(await actsOf(suite.server, [user!.id])).toHaveLength(1);
  });

  it("twice the daily limit of parallel scans by one user at distinct locations record exactly the limit", async () => {
    const [user] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 1);
    const { virtual } = await buildOrganization(suite.server.deps.db, { type: "company", locations: 2 * DAILY_SCAN_LIMIT });
    const results = await scanAll(
      suite.server,
      virtual.map((place) => ({ cookie: user!.cookie, body: { ...place.code, ...place.at } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(DAILY_SCAN_LIMIT);
    expect(new Set(results.filter((r) => r.status !== 201).map((r) => r.body.error.code))).toEqual(new Set(["daily_limit_reached"]));
    expect(await actsOf(suite.server, [user!.id])).toHaveLength(DAILY_SCAN_LIMIT);
    const client = new TestClient(suite.server.url, { cookie: user!.cookie });
    expect((await client.get("/api/me/stats")).body.totalActs).toBe(DAILY_SCAN_LIMIT);
    // The pre-scan check says so too, at a location not yet scanned today.
    const refused = virtual[results.findIndex((r) => r.status !== 201)]!;
    const check = await client.post("/api/scans/check", refused.code);
    expect(check.status).toBe(429);
    expect(check.body.error.code).toBe("daily_limit_reached");
  });

  it("one card per organisation holds when physical and portable cards race", async () => {
    const [user] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 1);
    const codes = await buildOrganization(suite.server.deps.db);
    const jobs = Array.from({ length: 20 }, (_, i) => ({ cookie: user!.cookie, body: i % 2 ? codes.physical : codes.portable }));
    const results = await scanAll(suite.server, jobs);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await actsOf(suite.server, [user!.id])).toHaveLength(1);
  });

  it("a person locked elsewhere holds up their own scan only, which is recorded once the lock goes", async () => {
    const db = suite.server.deps.db;
    const [held, other] = await buildUsers(db, suite.server.deps.auth, 2);
    const { virtual } = await buildOrganization(db, { type: "company", locations: 1 });
    const body = { ...virtual[0]!.code, ...virtual[0]!.at };
    // As a void or an account change holds a person: their row locked in another transaction.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await sql`select id from users where id = ${held!.id} for no key update`.execute(trx);
      locked();
      await released;
    });
    await lockTaken;
    let heldAnswered = false;
    const heldScan = new TestClient(suite.server.url, { cookie: held!.cookie })
      .post("/api/scans", body)
      .finally(() => (heldAnswered = true));
    const otherScan = await new TestClient(suite.server.url, { cookie: other!.cookie }).post("/api/scans", body);
    expect(otherScan.status).toBe(201);
    expect(heldAnswered).toBe(false);
    release();
    await holder;
    const heldResult = await heldScan;
    expect(heldResult.status).toBe(201);
    expect(heldResult.body.actNumber).not.toBe(otherScan.body.actNumber);
    expect(await actsOf(suite.server, [held!.id])).toEqual([{ act_number: heldResult.body.actNumber, user_id: held!.id }]);
  });

  it("scans read together are each decided on their own person and code", async () => {
    const db = suite.server.deps.db;
    const users = await buildUsers(db, suite.server.deps.auth, 30);
    const { virtual, portable } = await buildOrganization(db, { type: "company", locations: 1 });
    const place = { ...virtual[0]!.code, ...virtual[0]!.at };
    const [newcomers, strangers, returning] = [users.slice(0, 10), users.slice(10, 20), users.slice(20)];
    // The returning ones scanned the place earlier today.
    await scanAll(
      suite.server,
      returning.map((user) => ({ cookie: user.cookie, body: place })),
    );
    const results = await scanAll(suite.server, [
      ...newcomers.map((user, i) => ({ cookie: user.cookie, body: i % 2 ? place : portable })),
      ...strangers.map((user) => ({ cookie: user.cookie, body: { ...place, loc: `${place.loc}x` } })),
      ...returning.map((user) => ({ cookie: user.cookie, body: place })),
    ]);
    const codes = results.map((result) => (result.status === 201 ? "recorded" : result.body.error.code));
    expect(codes).toEqual([
      ...newcomers.map(() => "recorded"),
      ...strangers.map(() => "invalid_qr"),
      ...returning.map(() => "already_scanned_location_today"),
    ]);
    expect(
      await actsOf(
        suite.server,
        newcomers.map((user) => user.id),
      ),
    ).toHaveLength(10);
  });

  it("people scanning together each get one ticket in every running contest, named in their answer", async () => {
    const db = suite.server.deps.db;
    const soon = await buildContest(db, { nameEn: "Batch soon", nameFr: "Lot bientôt", endsAt: new Date(Date.now() + 3_600_000) });
    const later = await buildContest(db, { nameEn: "Batch later", nameFr: "Lot plus tard", endsAt: new Date(Date.now() + 7_200_000) });
    const ended = await buildContest(db, {
      nameEn: "Batch over",
      startsAt: new Date(Date.now() - 7_200_000),
      endsAt: new Date(Date.now() - 3_600_000),
    });
    const users = await buildUsers(db, suite.server.deps.auth, 40);
    const { virtual } = await buildOrganization(db, { type: "company", locations: 1 });
    const results = await scanAll(
      suite.server,
      users.map((user) => ({ cookie: user.cookie, body: { ...virtual[0]!.code, ...virtual[0]!.at } })),
    );
    expect(results.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    const ours = new Set(["Batch soon", "Batch later", "Batch over"]);
    for (const result of results) {
      const named = (result.body.ticketsIn as { en: string }[]).filter((name) => ours.has(name.en));
      expect(named).toEqual([
        { en: "Batch soon", fr: "Lot bientôt" },
        { en: "Batch later", fr: "Lot plus tard" },
      ]);
    }
    const entries = await db
      .selectFrom("contest_entries")
      .select(["contest_id", "user_id", "tickets"])
      .where(
        "user_id",
        "in",
        users.map((user) => user.id),
      )
      .execute();
    const ticketsOf = (contestId: string) => entries.filter((entry) => entry.contest_id === contestId);
    expect(ticketsOf(soon.id).map((entry) => entry.tickets)).toEqual(users.map(() => 1));
    expect(ticketsOf(later.id).map((entry) => entry.tickets)).toEqual(users.map(() => 1));
    expect(ticketsOf(ended.id)).toEqual([]);
  });

  it("500 parallel scans by 100 users give 500 distinct consecutive act numbers", async () => {
    const users = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 100);
    const { virtual } = await buildOrganization(suite.server.deps.db, { type: "company", locations: 5 });
    const before = await suite.server.deps.db.selectFrom("act_counter").select("last_number").executeTakeFirstOrThrow();
    const jobs = users.flatMap((user) => virtual.map((place) => ({ cookie: user.cookie, body: { ...place.code, ...place.at } })));
    const results = await scanAll(suite.server, jobs);
    expect(results.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    const numbers = results.map((r) => r.body.actNumber as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(500);
    expect(numbers[499]! - numbers[0]! + 1).toBe(500);
    // Nobody else scanned meanwhile, so the range starts right after the previous last number.
    expect(numbers[0]).toBe(before.last_number + 1);
    // The rank histogram agrees with the users' totals (other tests' users included).
    const db = suite.server.deps.db;
    const histogram = await db.selectFrom("act_total_histogram").select("users").where("total_acts", "=", 5).executeTakeFirst();
    const withFive = await db
      .selectFrom("user_stats")
      .select(db.fn.countAll<string>().as("n"))
      .where("total_acts", "=", 5)
      .executeTakeFirstOrThrow();
    expect(histogram?.users).toBe(Number(withFive.n));
  });
});

describe("two server processes on one PostgreSQL", () => {
  it("keep every rule and number acts without gaps", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const users = await buildUsers(first.deps.db, first.deps.auth, 30);
      const { virtual } = await buildOrganization(first.deps.db, { type: "company", locations: DAILY_SCAN_LIMIT + 5 });
      // Each user tries every location twice, half through each server: 1,500 requests.
      const jobs = users.flatMap((user, u) =>
        virtual.flatMap((place, p) =>
          [0, 1].map((copy) => ({
            server: (u + p + copy) % 2 ? second : first,
            cookie: user.cookie,
            body: { ...place.code, ...place.at },
          })),
        ),
      );
      const events: LiveEvent[] = [];
      const stop = second.deps.live.subscribe((event) => events.push(event));
      const results = await Promise.all(
        jobs.map((job) => new TestClient(job.server.url, { cookie: job.cookie }).post("/api/scans", job.body)),
      );
      stop();
      // The daily limit each (more locations than the limit, one act per location a day): 30 users × the limit.
      const expected = 30 * DAILY_SCAN_LIMIT;
      expect(results.filter((r) => r.status === 201)).toHaveLength(expected);
      const acts = await actsOf(
        first,
        users.map((user) => user.id),
      );
      expect(acts).toHaveLength(expected);
      const numbers = acts.map((act) => act.act_number!).sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(expected);
      expect(numbers[expected - 1]! - numbers[0]! + 1).toBe(expected);
      const perUser = new Map<string, number>();
      for (const act of acts) perUser.set(act.user_id!, (perUser.get(act.user_id!) ?? 0) + 1);
      expect([...perUser.values()].every((n) => n === DAILY_SCAN_LIMIT)).toBe(true);
      // Every batch, from either process, reached the second one's listeners: one event per batch, not per act.
      await expect.poll(() => events.reduce((sum, event) => sum + (event.type === "acts" ? event.count : 0), 0)).toBe(expected);
      expect(events.length).toBeLessThan(expected);
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);
});
