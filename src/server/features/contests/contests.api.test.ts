import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { buildContest, buildOrganization, signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

const DAY = 86_400_000;

describe.each(testDrivers())("contests on %s", (driver) => {
  const suite = useTestServer(driver);

  it("runs a contest from its start, included, to its end, excluded: one rule, in the database, for tickets and status alike", async () => {
    const start = new Date("2027-01-01T05:00:00Z");
    const end = new Date("2027-02-01T05:00:00Z");
    const at = async (moment: Date) =>
      (
        await sql<{ running: boolean; status: string }>`
          select contest_running_at(${start}::timestamptz, ${end}::timestamptz, ${moment}::timestamptz) as running,
                 contest_status(${start}::timestamptz, ${end}::timestamptz, ${moment}::timestamptz) as status
        `.execute(suite.server.deps.db)
      ).rows[0];
    expect(await at(new Date(start.getTime() - 1))).toEqual({ running: false, status: "upcoming" });
    expect(await at(start)).toEqual({ running: true, status: "active" });
    expect(await at(new Date(end.getTime() - 1))).toEqual({ running: true, status: "active" });
    expect(await at(end)).toEqual({ running: false, status: "completed" });
  });

  it("shows the next contest as upcoming, then the running one with the visitor's tickets, in their language", async () => {
    const db = suite.server.deps.db;
    expect((await suite.client.get("/api/contests")).body).toEqual({
      contest: null,
      upcoming: null,
      myTickets: null,
      myTotalTickets: null,
    });

    const later = await buildContest(db, { startsAt: new Date(Date.now() + 10 * DAY), endsAt: new Date(Date.now() + 20 * DAY) });
    const upcoming = (await suite.client.get("/api/contests")).body;
    expect(upcoming.contest).toMatchObject({ id: later.id, status: "upcoming", prizes: [] });
    // Alone, the next contest is the one shown: no second card for it.
    expect(upcoming.upcoming).toBeNull();

    const now = await buildContest(db, {
      nameFr: "Maintenant",
      prizes: [{ category: { en: "Grand prize", fr: "Grand prix" }, prize: { en: "A bike", fr: "Un vélo" } }],
    });
    const user = await signedInUser(suite.server);
    const codes = await buildOrganization(db);
    expect((await user.client.post("/api/scans", codes.physical)).status).toBe(201);

    const running = (await user.client.get("/api/contests", { "x-kindly-language": "fr" })).body;
    expect(running).toEqual({
      contest: expect.objectContaining({
        id: now.id,
        name: "Maintenant",
        status: "active",
        prizes: [{ category: "Grand prix", prize: "Un vélo", quantity: 1 }],
      }),
      // The spec's upcoming card: the contest after the running one, with its dates.
      upcoming: expect.objectContaining({ id: later.id, status: "upcoming", startsAt: expect.any(String), endsAt: expect.any(String) }),
      myTickets: 1,
      myTotalTickets: 1,
    });
    // The upcoming contest got no ticket: only running contests do.
    expect(await db.selectFrom("contest_entries").selectAll().where("contest_id", "=", later.id).execute()).toEqual([]);
  });
});
