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

  it("gives a batch's tickets in one call: each act its running contests, soonest ending first, and a person's two acts two tickets", async () => {
    const db = suite.server.deps.db;
    const now = Date.now();
    const hourAgo = new Date(now - 3_600_000);
    const soon = await buildContest(db, {
      nameEn: "One call soon",
      nameFr: "Un appel bientôt",
      startsAt: hourAgo,
      endsAt: new Date(now + 3_600_000),
    });
    const later = await buildContest(db, {
      nameEn: "One call later",
      nameFr: "Un appel plus tard",
      startsAt: hourAgo,
      endsAt: new Date(now + 7_200_000),
    });
    const over = await buildContest(db, {
      nameEn: "One call over",
      nameFr: "Un appel fini",
      startsAt: new Date(now - 3 * 3_600_000),
      endsAt: new Date(now - 2 * 3_600_000),
    });
    const [a, b] = await Promise.all([signedInUser(suite.server), signedInUser(suite.server)]);
    // Three acts as record_acts passes them: a now, b now, and a when only the finished contest ran.
    const at = [new Date(now), new Date(now), new Date(now - 150 * 60_000)];
    const { rows } = await sql<{ names: { en: string; fr: string }[][] }>`
      select contest_give_tickets(${[a.id, b.id, a.id]}::text[], ${at}::timestamptz[]) as names`.execute(db);
    const ours = (names: { en: string }[]) => names.filter((name) => name.en.startsWith("One call")).map((name) => name.en);
    expect(rows[0]!.names.map(ours)).toEqual([["One call soon", "One call later"], ["One call soon", "One call later"], ["One call over"]]);
    // The same person twice in one call (never from one batch, which holds one act per person): two tickets.
    await sql`select contest_give_tickets(${[b.id, b.id]}::text[], ${[new Date(now), new Date(now)]}::timestamptz[])`.execute(db);
    const entries = await db
      .selectFrom("contest_entries")
      .select(["contest_id", "user_id", "tickets"])
      .where("contest_id", "in", [soon.id, later.id, over.id])
      .orderBy("contest_id")
      .orderBy("user_id")
      .execute();
    const ticketsOf = (contestId: string, userId: string) =>
      entries.find((entry) => entry.contest_id === contestId && entry.user_id === userId)?.tickets ?? 0;
    expect([ticketsOf(soon.id, a.id), ticketsOf(later.id, a.id), ticketsOf(over.id, a.id)]).toEqual([1, 1, 1]);
    expect([ticketsOf(soon.id, b.id), ticketsOf(later.id, b.id), ticketsOf(over.id, b.id)]).toEqual([3, 3, 0]);
  });
});
