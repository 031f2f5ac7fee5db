import { spawnSync } from "node:child_process";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { buildContest, buildOrganization, buildUsers } from "../../../test/factories.js";
import { TestClient } from "../../../test/http-client.js";
import { compiledEntry } from "../../../test/server-process.js";
import { testDrivers, useTestServer, type TestServer } from "../../../test/test-server.js";
import { rebuildAggregates, reconcileAggregates } from "./reconcile-service.js";
import { addDays, newYorkDay } from "../../../../shared/acts/new-york-time.js";

/** A running contest and a few people scanning codes of two organisations. */
async function recordSomeActs(server: TestServer) {
  const { db } = server.deps;
  await buildContest(db);
  const users = await buildUsers(db, server.deps.auth, 6);
  const a = await buildOrganization(db, { type: "company", locations: 3 });
  const b = await buildOrganization(db, { type: "non-profit", locations: 1 });
  for (const [i, user] of users.entries()) {
    const client = new TestClient(server.url, { cookie: user.cookie });
    for (const place of a.virtual.slice(0, 1 + (i % 3)))
      expect((await client.post("/api/scans", { ...place.code, ...place.at })).status).toBe(201);
    expect((await client.post("/api/scans", i % 2 ? b.physical : b.portable)).status).toBe(201);
  }
  return { users, a, b };
}

describe.each(testDrivers())("verify and repair the aggregates on %s", (driver) => {
  const suite = useTestServer(driver);

  it("finds no drift after real scans, then finds and repairs every kind of corruption", async () => {
    const { db } = suite.server.deps;
    const { users, a, b } = await recordSomeActs(suite.server);
    expect((await reconcileAggregates(db, { repair: false })).drift).toEqual([]);

    const [u0, u1, u2] = users;
    await db.updateTable("user_stats").set({ total_acts: 99, longest_streak: 7 }).where("user_id", "=", u0!.id).execute();
    await db
      .updateTable("act_total_histogram")
      .set((eb) => ({ users: eb("users", "+", 5) }))
      .where("total_acts", "=", 2)
      .execute();
    await db.updateTable("leaderboard_counts").set({ acts: 1 }).where("subject_id", "=", a.org.id).where("period", "=", "all").execute();
    await db.deleteFrom("leaderboard_counts").where("subject_id", "=", b.org.id).execute();
    await db
      .updateTable("daily_act_counts")
      .set((eb) => ({ acts: eb("acts", "-", 3) }))
      .execute();
    await db
      .updateTable("act_counter")
      .set((eb) => ({ last_number: eb("last_number", "+", 2) }))
      .execute();
    await db.updateTable("user_scan_days").set({ scans: 20 }).where("user_id", "=", u1!.id).execute();
    await db.updateTable("contest_entries").set({ tickets: 0 }).where("user_id", "=", u2!.id).execute();
    await db.deleteFrom("user_achievements").where("user_id", "=", u2!.id).execute();
    await sql`update user_count set users = users + 10`.execute(db);
    await db.updateTable("organization_hour_counts").set({ acts: 7 }).where("organization_id", "=", a.org.id).execute();
    await db.deleteFrom("source_day_counts").where("organization_id", "=", b.org.id).execute();
    await db.deleteFrom("source_totals").execute();
    await db
      .updateTable("person_organization_counts")
      .set({ acts: 40, last_at: new Date("2020-01-01") })
      .where("user_id", "=", u0!.id)
      .execute();

    const found = await reconcileAggregates(db, { repair: false });
    expect(found.drift.map((d) => d.name).sort()).toEqual(
      [
        "a person's acts per organisation",
        "achievements earned",
        "act counter",
        "contest tickets",
        "counts per location or card series",
        "counts per location or card series per day",
        "daily totals",
        "leaderboards",
        "member count",
        "organisations' counts per day and hour",
        // Follows the person's rows tampered with above (its trigger moved them to 2020).
        "participants per organisation per day",
        "rank histogram",
        "scans per user per day",
        "user totals and streaks",
      ].sort(),
    );
    const totals = found.drift.find((d) => d.name === "user totals and streaks")!;
    expect(totals.rows).toBe(1);
    expect(totals.examples[0]).toMatchObject({ user_id: u0!.id, found_total_acts: 99, expected_total_acts: 2 });
    expect(found.repaired).toBe(false);

    const repaired = await reconcileAggregates(db, { repair: true });
    expect(repaired.repaired).toBe(true);
    expect((await reconcileAggregates(db, { repair: false })).drift).toEqual([]);
    const stats = await db
      .selectFrom("user_stats")
      .select(["total_acts", "longest_streak"])
      .where("user_id", "=", u0!.id)
      .executeTakeFirstOrThrow();
    expect(stats).toEqual({ total_acts: 2, longest_streak: 1 });
    const earned = await db.selectFrom("user_achievements").select("achievement_id").where("user_id", "=", u2!.id).execute();
    expect(earned.map((row) => row.achievement_id)).toContain("first_record");

    // Scans go on normally after a repair, numbered right after the last act.
    const [late] = await buildUsers(db, suite.server.deps.auth, 1);
    const scan = await new TestClient(suite.server.url, { cookie: late!.cookie }).post("/api/scans", a.physical);
    const highest = await db
      .selectFrom("acts")
      .select((eb) => eb.fn.max("act_number").as("n"))
      .where("id", "<>", scan.body.actId)
      .executeTakeFirstOrThrow();
    expect(scan.body.actNumber).toBe(Number(highest.n) + 1);
  });
});

describe.each(testDrivers())("rebuild the aggregates from the acts on %s (issue 62 §3)", (driver) => {
  const suite = useTestServer(driver);

  it("empties and refills every aggregate at once, agreeing with the check, and scans go on after it", async () => {
    const { db } = suite.server.deps;
    const { a } = await recordSomeActs(suite.server);
    // A bulk load's state: aggregates empty or wrong everywhere.
    for (const table of [
      "leaderboard_counts",
      "daily_act_counts",
      "user_scan_days",
      "person_organization_counts",
      "source_totals",
    ] as const)
      await db.deleteFrom(table).execute();
    await db.updateTable("user_stats").set({ total_acts: 0 }).execute();
    expect((await reconcileAggregates(db, { repair: false })).drift.length).toBeGreaterThan(4);

    await rebuildAggregates(db);
    expect((await reconcileAggregates(db, { repair: false })).drift).toEqual([]);
    const [late] = await buildUsers(db, suite.server.deps.auth, 1);
    expect((await new TestClient(suite.server.url, { cookie: late!.cookie }).post("/api/scans", a.physical)).status).toBe(201);
    expect((await reconcileAggregates(db, { repair: false })).drift).toEqual([]);
  });
});

describe.each(testDrivers())("verify since a day on %s (issue 62 §3)", (driver) => {
  const suite = useTestServer(driver);

  it("checks what the acts of the range count in against the kept rows before it, repairs there, and leaves older days to the whole check", async () => {
    const { db } = suite.server.deps;
    const { users, a } = await recordSomeActs(suite.server);
    const today = newYorkDay(new Date());
    const [u0, u1, , u3, u4] = users;
    // A history: two people's acts and one of u0's moved two years back, every aggregate rebuilt to agree.
    const moved = await db.selectFrom("acts").select("id").where("user_id", "=", u0!.id).orderBy("act_number").limit(1).execute();
    await db
      .updateTable("acts")
      .set({ scanned_at: sql`scanned_at - interval '730 days'`, scan_day: sql`scan_day - 730` })
      .where((eb) => eb.or([eb("user_id", "in", [u3!.id, u4!.id]), eb("id", "=", moved[0]!.id)]))
      .execute();
    await rebuildAggregates(db);
    const old = addDays(today, -730);
    expect((await reconcileAggregates(db, { repair: false })).drift).toEqual([]);
    // Older rows kept, newer ones recomputed: they agree, with no false drift at the range's edge.
    const clean = await reconcileAggregates(db, { repair: false, since: today });
    expect(clean).toMatchObject({ drift: [], since: today, missingNumbers: null });

    // Drift before the range, and in everything the range's acts count in.
    await db.updateTable("daily_act_counts").set({ acts: 50 }).where("day", "=", old).execute();
    await db.updateTable("user_stats").set({ total_acts: 99 }).where("user_id", "=", u0!.id).execute();
    await db.updateTable("leaderboard_counts").set({ acts: 1 }).where("subject_id", "=", a.org.id).where("period", "=", "all").execute();
    const place = await db
      .selectFrom("source_day_counts")
      .select("source_id")
      .where("organization_id", "=", a.org.id)
      .executeTakeFirstOrThrow();
    await db.updateTable("source_totals").set({ acts: 99 }).where("source_id", "=", place.source_id).execute();
    await db.updateTable("user_scan_days").set({ scans: 9 }).where("user_id", "=", u1!.id).where("day", "=", today).execute();
    await db.deleteFrom("organization_participant_days").where("organization_id", "=", a.org.id).where("day", "=", today).execute();

    const recent = [
      "counts per location or card series",
      "leaderboards",
      "participants per organisation per day",
      "rank histogram",
      "scans per user per day",
      "user totals and streaks",
    ];
    const found = await reconcileAggregates(db, { repair: false, since: today });
    // u0's total is compared with all their acts, the old one included; the histogram with the people's totals.
    expect(found.drift.map((d) => d.name).sort()).toEqual(recent);
    expect(found.drift.find((d) => d.name === "user totals and streaks")!.examples[0]).toMatchObject({
      user_id: u0!.id,
      expected_total_acts: 2,
      found_total_acts: 99,
    });
    expect(found.drift.find((d) => d.name === "leaderboards")!.examples[0]).toMatchObject({ subject_id: a.org.id, period: "all" });

    expect((await reconcileAggregates(db, { repair: true, since: today })).repaired).toBe(true);
    expect((await reconcileAggregates(db, { repair: false, since: today })).drift).toEqual([]);
    // Only the old day's drift is left, for the whole check to find.
    const whole = await reconcileAggregates(db, { repair: false });
    expect(whole.drift.map((d) => d.name)).toEqual(["daily totals"]);
    expect(whole.drift[0]!.examples[0]).toMatchObject({ found_acts: 50 });
  });
});

describe("the verify command on PostgreSQL", () => {
  const suite = useTestServer("postgres");

  it("prints drift from `npm run kindly -- verify` and repairs it with --repair", async () => {
    const { db } = suite.server.deps;
    await recordSomeActs(suite.server);
    await db
      .updateTable("daily_act_counts")
      .set((eb) => ({ acts: eb("acts", "+", 1) }))
      .execute();
    const env = {
      ...process.env,
      DATABASE_URL: suite.server.databaseUrl,
      LOG_LEVEL: "silent",
      DEMO_DATA: "never",
    };
    const cli = await compiledEntry("cli");
    const run = (...args: string[]) => spawnSync(process.execPath, [...cli, "verify", ...args], { env, encoding: "utf8" });
    const check = run();
    expect(check.stdout).toContain("daily totals: 1 row differs from the acts");
    expect(check.status).toBe(1);
    const repair = run("--repair");
    expect(repair.stdout).toContain("Repaired");
    expect(repair.status).toBe(0);
    const clean = run();
    expect(clean.stdout).toContain("Every aggregate agrees with the acts.");
    expect(clean.status).toBe(0);
    const today = newYorkDay(new Date());
    const recent = run("--since", today);
    expect(recent.stdout).toContain(`Checked what the acts of ${today} and after count in.`);
    expect(recent.status).toBe(0);
    // Not a day: the usage, and nothing checked.
    const wrong = run("--since", "2026-02-30");
    expect(wrong.stderr + wrong.stdout).toContain("Usage:");
    expect(wrong.status).not.toBe(0);
  }, 60_000);
});
