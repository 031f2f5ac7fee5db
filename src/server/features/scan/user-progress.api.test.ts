import { describe, expect, it } from "vitest";
import { DAILY_SCAN_LIMIT } from "../../../shared/acts/daily-limit.js";
import { HISTORY_PAGE_SIZE } from "../../../shared/schemas/stats.js";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { recordScan } from "./scan-service.js";

/** Noon in New York (EST) on the given day of November 2026. */
const novemberNoon = (day: number) => new Date(`2026-11-${String(day).padStart(2, "0")}T17:00:00Z`);

describe.each(testDrivers())("a person's progress over days on %s", (driver) => {
  const suite = useTestServer(driver);

  it("counts streaks across New York days: consecutive days grow it, a gap restarts it, the longest is kept", async () => {
    const { db, numbering, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { virtual } = await buildOrganization(db);
    const place = { ...virtual[0]!.code, ...virtual[0]!.at };
    const scanOn = (day: number) => recordScan({ db, numbering, userId: user!.id, request: place, now: novemberNoon(day) });
    const streak = async () =>
      db
        .selectFrom("user_stats")
        .select(["current_streak", "longest_streak", "last_act_day"])
        .where("user_id", "=", user!.id)
        .executeTakeFirstOrThrow();

    for (const day of [2, 3, 4]) await scanOn(day);
    expect(await streak()).toEqual({ current_streak: 3, longest_streak: 3, last_act_day: "2026-11-04" });
    await scanOn(6);
    expect(await streak()).toEqual({ current_streak: 1, longest_streak: 3, last_act_day: "2026-11-06" });
    await scanOn(7);
    expect(await streak()).toEqual({ current_streak: 2, longest_streak: 3, last_act_day: "2026-11-07" });
  });

  it("awards each achievement once, on the act that earns it", async () => {
    const { db, numbering, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { physical, portable } = await buildOrganization(db);
    const other = await buildOrganization(db);
    const first = await recordScan({ db, numbering, userId: user!.id, request: physical });
    expect(first.newAchievements).toContain("first_record");
    const second = await recordScan({ db, numbering, userId: user!.id, request: other.portable });
    expect(second.newAchievements).not.toContain("first_record");
    const rows = await db.selectFrom("user_achievements").select("achievement_id").where("user_id", "=", user!.id).execute();
    expect(rows.filter((row) => row.achievement_id === "first_record")).toHaveLength(1);
    // The same organisation's other card is a duplicate: no act, no award.
    await expect(recordScan({ db, numbering, userId: user!.id, request: portable })).rejects.toMatchObject({
      code: "already_scanned_organisation",
    });
  });

  it("refuses the cards of a deactivated series", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { physical } = await buildOrganization(db);
    await db.updateTable("card_series").set({ is_active: false }).where("qr_token", "=", physical.loc).execute();
    const res = await new TestClient(suite.server.url, { cookie: user!.cookie }).post("/api/scans", physical);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("location_not_found");
    expect(await db.selectFrom("acts").select("id").where("user_id", "=", user!.id).execute()).toEqual([]);
  });

  it("pages the history newest first, a hundred acts at a time, to the very first act", async () => {
    const { db, numbering, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { virtual } = await buildOrganization(db, { locations: DAILY_SCAN_LIMIT });
    const days = Math.ceil((HISTORY_PAGE_SIZE + 1) / DAILY_SCAN_LIMIT);
    const numbers: number[] = [];
    for (let day = 1; day <= days; day++) {
      for (const place of virtual) {
        const act = await recordScan({
          db,
          numbering,
          userId: user!.id,
          request: { ...place.code, ...place.at },
          now: novemberNoon(day),
        });
        numbers.push(act.actNumber);
      }
    }
    const client = new TestClient(suite.server.url, { cookie: user!.cookie });
    const first = (await client.get("/api/me/acts")).body;
    expect(first.totalActs).toBe(numbers.length);
    expect(first.activeDays).toBe(days);
    expect(first.acts).toHaveLength(HISTORY_PAGE_SIZE);
    const newestFirst = [...numbers].sort((a, b) => b - a);
    expect(first.acts.map((act: { actNumber: number }) => act.actNumber)).toEqual(newestFirst.slice(0, HISTORY_PAGE_SIZE));
    expect(first.nextBefore).toBe(newestFirst[HISTORY_PAGE_SIZE - 1]);
    const second = (await client.get(`/api/me/acts?before=${first.nextBefore}`)).body;
    expect(second.acts.map((act: { actNumber: number }) => act.actNumber)).toEqual(newestFirst.slice(HISTORY_PAGE_SIZE));
    expect(second.nextBefore).toBeNull();
    expect(second.latestActAt).toBeNull();
  });
});
