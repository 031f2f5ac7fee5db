import { backgroundSettled } from "../../http/after-response.js";
import { describe, expect, it } from "vitest";
import { JOURNEY_GRID_DEGREES } from "../../../shared/schemas/cards.js";
import { buildOrganization, buildUsers, outboxFor, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";
import { cardJourneyTasks, personalData, sendTravelDigests } from "./index.js";
import { CARD_MOVED_TASK, createActNumbering, recordScan } from "../scan/index.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

const onGrid = (value: number) => Math.abs(value / JOURNEY_GRID_DEGREES - Math.round(value / JOURNEY_GRID_DEGREES)) < 1e-9;

describe.each(testDrivers())("card journeys on %s", (driver) => {
  const suite = useTestServer(driver);

  it("follows a portable card from hand to hand, with positions no finer than the grid and no names unless chosen", async () => {
    const { db, auth } = suite.server.deps;
    const { portable, org } = await buildOrganization(db);
    const holders = (await buildUsers(db, auth, 3)).map((u) => ({ ...u, client: new TestClient(suite.server.url, { cookie: u.cookie }) }));
    // Three people, each somewhere precise in Montréal, Laval and Longueuil.
    const places = [
      { lat: 45.508812, lon: -73.587334 },
      { lat: 45.606649, lon: -73.712409 },
      { lat: 45.531206, lon: -73.518109 },
    ];
    let journeyId = "";
    for (const [i, holder] of holders.entries()) {
      const scan = await holder.client.post("/api/scans", { ...portable, card: 7 });
      expect(scan.status).toBe(201);
      journeyId = scan.body.journeyId;
      expect((await holder.client.put(`/api/cards/${journeyId}/place`, places[i])).status).toBe(204);
    }
    await holders[1]!.client.put("/api/me/journey-visibility", { showUsername: true });

    const journey = (await suite.client.fresh().get(`/api/cards/${journeyId}`)).body;
    expect(journey).toMatchObject({ people: 3, days: 1, organizationName: org.name, cardNumber: 7, me: null });
    expect(journey.stops.map((s: { holder: string | null }) => s.holder)).toEqual([null, holders[1]!.username, null]);
    for (const stop of journey.stops) {
      expect(onGrid(stop.place.lat) && onGrid(stop.place.lon)).toBe(true);
    }
    expect(JSON.stringify(journey)).not.toMatch(/45\.5088|73\.5873|45\.6066/);
    // Montréal → Laval → Longueuil, between the coarse points: about 13 + 16 km.
    expect(journey.distanceKm).toBeGreaterThan(20);
    expect(journey.distanceKm).toBeLessThan(40);
    // Nothing finer was stored either.
    const stored = await db
      .selectFrom("acts")
      .select(["latitude", "longitude"])
      .where("card_series_id", "is not", null)
      .where("card_number", "=", 7)
      .execute();
    expect(stored.every((row) => onGrid(Number(row.latitude)) && onGrid(Number(row.longitude)))).toBe(true);
  });

  it("tells its earlier holders when the card moves on, in the app and by email when chosen, unless they silenced it", async () => {
    const { db } = suite.server.deps;
    const { portable } = await buildOrganization(db);
    const first = await signedInUser(suite.server);
    const second = await signedInUser(suite.server);
    const third = await signedInUser(suite.server);
    const scan = await first.client.post("/api/scans", { ...portable, card: 2 });
    const journeyId = scan.body.journeyId;
    // A holder hears of the card by default; only a holder may choose.
    expect((await first.client.get(`/api/cards/${journeyId}`)).body.me).toMatchObject({ following: true, canAddPlace: true });
    expect((await second.client.request("DELETE", `/api/cards/${journeyId}/follow`)).status).toBe(403);
    await first.client.put("/api/me/notifications/settings", { kind: "cardTravels", channel: "email", enabled: true });

    await second.client.post("/api/scans", { ...portable, card: 2 });
    await expect.poll(async () => (await first.client.get("/api/me/notifications")).body.unread).toBe(1);
    const { notifications } = (await first.client.get("/api/me/notifications")).body;
    expect(notifications[0]).toMatchObject({ kind: "card_moved", cardId: journeyId, people: 2, read: false });
    // The news is theirs: it is in their data archive, unread.
    const news = personalData.exportFor!.find((section) => section.name === "card-news")!;
    expect(await news.read(db, first.id)).toEqual([expect.objectContaining({ people: 2, read_at: null })]);
    expect(await news.read(db, second.id)).toEqual([]);
    const travels = (await outboxFor(suite.server, first.email)).filter((m) => m.subject === "Your card has reached 2 people");
    expect(travels).toHaveLength(1);
    expect(travels[0]!.text_body).toContain(`/cards/${journeyId}`);
    // The mover is not told about their own scan.
    expect((await second.client.get("/api/me/notifications")).body.unread).toBe(0);

    // Silenced, the card tells its holder nothing more (another day, so the day's one notice is not what stops it).
    expect((await first.client.request("DELETE", `/api/cards/${journeyId}/follow`)).status).toBe(204);
    expect((await first.client.get(`/api/cards/${journeyId}`)).body.me.following).toBe(false);
    await db.deleteFrom("card_travel_notices").execute();
    await third.client.post("/api/scans", { ...portable, card: 2 });
    await backgroundSettled();
    expect((await first.client.get("/api/me/notifications")).body.unread).toBe(1);
    // The second holder, who did not silence it, hears of it.
    expect((await second.client.get("/api/me/notifications")).body.unread).toBe(1);
    expect((await first.client.post("/api/me/notifications/read")).status).toBe(204);
    expect((await first.client.get("/api/me/notifications")).body.unread).toBe(0);
  });

  it("emails a giver without push their first card news of the day at once, and the rest in the next morning's digest", async () => {
    const { db } = suite.server.deps;
    const [a, b, c] = [await buildOrganization(db), await buildOrganization(db), await buildOrganization(db)];
    const giver = await signedInUser(suite.server);
    const takers = [await signedInUser(suite.server), await signedInUser(suite.server), await signedInUser(suite.server)];
    for (const org of [a, b, c]) expect((await giver.client.post("/api/scans", { ...org.portable, card: 5 })).status).toBe(201);
    const cardMail = async () => (await outboxFor(suite.server, giver.email)).filter((m) => /card/i.test(m.subject));

    // Three of the giver's cards move on the same day: the first is told by email at once (the default without push).
    for (const [i, org] of [a, b, c].entries()) await takers[i]!.client.post("/api/scans", { ...org.portable, card: 5 });
    await backgroundSettled();
    expect((await cardMail()).map((m) => m.subject)).toEqual(["Your card has reached 2 people"]);
    // All three are in the app at once.
    expect((await giver.client.get("/api/me/notifications")).body.unread).toBe(3);

    // The next morning: not before 8 a.m. in New York; then one digest of the two others, once.
    const tomorrow = addDays(newYorkDay(new Date()), 1);
    expect(await sendTravelDigests(suite.server.deps, new Date(`${tomorrow}T11:30:00Z`))).toBe(0);
    await Promise.all([1, 2].map(() => sendTravelDigests(suite.server.deps, new Date(`${tomorrow}T14:00:00Z`))));
    const mails = await cardMail();
    expect(mails.map((m) => m.subject)).toEqual(["News of your cards: 2 more cards travelled", "Your card has reached 2 people"]);
    const lines = mails[0]!.text_body.split("\n").filter((line) => line.startsWith("• "));
    expect(lines).toEqual([
      `• “Pass-it-on cards” from ${b.org.name} has reached 2 people`,
      `• “Pass-it-on cards” from ${c.org.name} has reached 2 people`,
    ]);
    expect(mails[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("queues the travels notice in the card's act's own transaction: a process that dies before telling leaves it to the next drain, told once", async () => {
    const { db, tasks, eventsChannel, notifier } = suite.server.deps;
    const { portable } = await buildOrganization(db);
    const first = await signedInUser(suite.server);
    const second = await signedInUser(suite.server);
    expect((await first.client.post("/api/scans", { ...portable, card: 4 })).status).toBe(201);
    await backgroundSettled();
    // Another process records the second holder's act and dies before telling anyone: its numbering never kicks a queue.
    const silent = createActNumbering(db, eventsChannel);
    await recordScan({ db, numbering: silent, userId: second.id, request: { ...portable, card: 4 } });
    const queued = await db.selectFrom("queued_tasks").select(["kind", "payload"]).where("kind", "=", CARD_MOVED_TASK).execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.payload).toMatchObject({ cardNumber: 4, moverId: second.id });
    expect((await first.client.get("/api/me/notifications")).body.unread).toBe(0);

    // Any process's drain (every server drains at start and every 2 s) tells the first holder.
    expect(await tasks.drain()).toBe(1);
    expect((await first.client.get("/api/me/notifications")).body.unread).toBe(1);
    expect(await db.selectFrom("queued_tasks").select("id").where("kind", "=", CARD_MOVED_TASK).execute()).toEqual([]);
    // Run again (a lease that ran out mid-delivery), it tells nobody twice.
    await cardJourneyTasks({ db, notifier })[CARD_MOVED_TASK]!(queued[0]!.payload);
    expect((await first.client.get("/api/me/notifications")).body.unread).toBe(1);
  });

  it("has no journey for physical or virtual codes, nor for made-up ids", async () => {
    const { db, auth } = suite.server.deps;
    const { physical, virtual } = await buildOrganization(db);
    const [user] = await buildUsers(db, auth, 1);
    const client = new TestClient(suite.server.url, { cookie: user!.cookie });
    const card = await client.post("/api/scans", physical);
    expect(card.body.journeyId).toBeNull();
    const place = await client.post("/api/scans", { ...virtual[0]!.code, ...virtual[0]!.at });
    expect(place.body.journeyId).toBeNull();
    const series = await db.selectFrom("card_series").select("id").where("qr_token", "=", physical.loc).executeTakeFirstOrThrow();
    expect((await client.get(`/api/cards/${series.id}-0`)).status).toBe(404);
    expect((await client.get("/api/cards/not-a-card")).status).toBe(404);
  });
});
