import { describe, expect, it } from "vitest";
import { buildContest, buildOrganization, signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";

describe.each(testDrivers())("the home page's own part on %s", (driver) => {
  const suite = useTestServer(driver);

  it("shows a newcomer one next step's worth of figures, then the streak, week, milestone, tickets and latest act", async () => {
    const contest = await buildContest(suite.server.deps.db, {
      nameEn: "Winter of kindness",
      nameFr: "Hiver de bienveillance",
      endsAt: new Date(Date.now() + 30 * 60_000),
    });
    const person = await signedInUser(suite.server);
    const first = await person.client.get("/api/me/home");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      totalActs: 0,
      actsThisWeek: 0,
      streak: { current: 0, scannedToday: false, freezes: 0, frozenDay: null },
      milestone: { next: 10, left: 10 },
      contest: { id: contest.id, name: "Winter of kindness", endsAt: expect.any(String), tickets: 0 },
      latestAct: null,
    });

    const codes = await buildOrganization(suite.server.deps.db, { name: "Café Soleil" });
    const scan = await person.client.post("/api/scans", codes.physical);
    expect(scan.status).toBe(201);
    // The card says which running contest the act earned a ticket in, in both languages.
    expect(scan.body.ticketsIn).toContainEqual({ en: "Winter of kindness", fr: "Hiver de bienveillance" });
    const after = await person.client.get("/api/me/home", { "x-kindly-language": "fr" });
    expect(after.body).toEqual({
      totalActs: 1,
      actsThisWeek: 1,
      streak: { current: 1, scannedToday: true, freezes: 0, frozenDay: null },
      milestone: { next: 10, left: 9 },
      contest: { id: contest.id, name: "Hiver de bienveillance", endsAt: expect.any(String), tickets: 1 },
      latestAct: {
        actNumber: scan.body.actNumber,
        organizationName: "Café Soleil",
        scannedAt: expect.any(String),
        rarity: scan.body.rarity,
      },
    });
    // Only the person's own: another account starts from nothing.
    const other = await signedInUser(suite.server);
    expect((await other.client.get("/api/me/home")).body).toMatchObject({ totalActs: 0, latestAct: null, contest: { tickets: 0 } });
    expect((await suite.client.fresh().get("/api/me/home")).status).toBe(401);
  });

  it("spends a freeze on a missed day by itself: the next act continues the streak, and home says the freeze kept it", async () => {
    const person = await signedInUser(suite.server);
    const codes = await buildOrganization(suite.server.deps.db);
    expect((await person.client.post("/api/scans", codes.physical)).status).toBe(201);
    // As if the person had acted the twelve days up to the day before yesterday, earning a freeze on the 7th.
    const today = newYorkDay(new Date());
    await suite.server.deps.db
      .updateTable("user_stats")
      .set({ current_streak: 12, longest_streak: 12, last_act_day: addDays(today, -2), streak_freezes: 1 })
      .where("user_id", "=", person.id)
      .execute();
    await suite.server.deps.db.deleteFrom("user_scan_days").where("user_id", "=", person.id).execute();
    const before = await person.client.get("/api/me/home");
    expect(before.body.streak).toEqual({ current: 12, scannedToday: false, freezes: 0, frozenDay: addDays(today, -1) });

    const another = await buildOrganization(suite.server.deps.db);
    expect((await person.client.post("/api/scans", another.physical)).status).toBe(201);
    const after = await person.client.get("/api/me/home");
    expect(after.body.streak).toEqual({ current: 13, scannedToday: true, freezes: 0, frozenDay: addDays(today, -1) });
    const stored = await suite.server.deps.db
      .selectFrom("user_stats")
      .select(["current_streak", "streak_freezes", "last_frozen_day"])
      .where("user_id", "=", person.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ current_streak: 13, streak_freezes: 0, last_frozen_day: addDays(today, -1) });
  });
});
