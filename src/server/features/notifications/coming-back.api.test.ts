import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";
import { outboxFor, signedInUser } from "../../test/factories.js";
import { startPushService, type PushService } from "../../test/push-service.js";
import { useTestServer, type TestServer } from "../../test/test-server.js";
import { sendFreezeNotices } from "./index.js";
import type { Notice } from "../../platform/notify/notifier.js";

type Person = Awaited<ReturnType<typeof signedInUser>>;

/** A person whose last act was on `lastDay` (New York), in a streak of `current` days. */
async function actedOn(server: TestServer, person: Person, lastDay: string, current = 1, freezes = 0) {
  const totals = { current_streak: current, longest_streak: current, last_act_day: lastDay, streak_freezes: freezes };
  await server.deps.db
    .insertInto("user_stats")
    .values({ user_id: person.id, total_acts: current, bronze: current, silver: 0, gold: 0, platinum: 0, ...totals })
    .onConflict((c) => c.column("user_id").doUpdateSet(totals))
    .execute();
}

/** A card's news, as the card journeys tell it: a push and an email, "email until push" by default. */
const news: Notice = {
  kind: "cardTravels",
  push: () => ({ title: "Your card travelled", body: "It reached its 2nd person.", url: "/cards/x", tag: "card-x" }),
  email: ({ language, to }) => ({
    to,
    subject: "Your card travelled",
    content: {
      language,
      heading: "Your card travelled",
      greeting: null,
      paragraphs: ["It reached its 2nd person."],
      action: null,
      footnotes: [],
      signature: "Kindly",
    },
  }),
};

const run = promisify(execFile);

describe("coming back: the reminder offered after an act, news on the channel a person has, one-tap email choices", () => {
  const suite = useTestServer("postgres", { env: { OUTBOUND_ALLOW: "127.0.0.1", KINDLY_TEST_CLOCK: "1" } });
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(() => push.close());
  const today = () => newYorkDay(new Date());
  const offered = async (person: Person) => (await person.client.get("/api/me/reminder-offer")).body.offered as boolean;

  it("offers the reminder right after an act, once more on a streak's 2nd day after one “not now”, never after two", async () => {
    const person = await signedInUser(suite.server);
    // No act yet: nothing to offer.
    expect(await offered(person)).toBe(false);
    await actedOn(suite.server, person, today());
    expect(await offered(person)).toBe(true);
    expect((await person.client.post("/api/me/reminder-offer/decline")).status).toBe(200);
    // Declined: not again today, nor on a later day with a 1-day streak (a streak that broke).
    expect(await offered(person)).toBe(false);
    await suite.server.deps.db
      .updateTable("reminder_offers")
      .set({ last_declined_day: addDays(today(), -1) })
      .where("user_id", "=", person.id)
      .execute();
    expect(await offered(person)).toBe(false);
    // A streak's 2nd day: offered once more.
    await actedOn(suite.server, person, today(), 2);
    expect(await offered(person)).toBe(true);
    // A second tap on "not now" the same day counts once; a second "not now" on another day ends the offers.
    await person.client.post("/api/me/reminder-offer/decline");
    await person.client.post("/api/me/reminder-offer/decline");
    const row = await suite.server.deps.db
      .selectFrom("reminder_offers")
      .select("declines")
      .where("user_id", "=", person.id)
      .executeTakeFirstOrThrow();
    expect(row.declines).toBe(2);
    await suite.server.deps.db
      .updateTable("reminder_offers")
      .set({ last_declined_day: addDays(today(), -1) })
      .where("user_id", "=", person.id)
      .execute();
    await actedOn(suite.server, person, today(), 3);
    expect(await offered(person)).toBe(false);
  });

  it("takes the offer in one step: the hour, the zone and the channel the device could take; then never offers again", async () => {
    const person = await signedInUser(suite.server);
    await actedOn(suite.server, person, today());
    const taken = await person.client.post("/api/me/reminder-offer", { channel: "email", hour: 21, timeZone: "America/Vancouver" });
    expect(taken.status).toBe(200);
    expect(taken.body.reminder).toEqual({ hour: 21, timeZone: "America/Vancouver" });
    expect(taken.body.kinds.streakReminder).toEqual({ push: false, email: true });
    expect(await offered(person)).toBe(false);
    // Turned off later in the settings, it is still not offered: the person chose.
    await person.client.put("/api/me/notifications/settings", { kind: "streakReminder", channel: "email", enabled: false });
    expect(await offered(person)).toBe(false);
    // A zone no one has is refused, nothing saved.
    const other = await signedInUser(suite.server);
    await actedOn(suite.server, other, today());
    const refused = await other.client.post("/api/me/reminder-offer", { channel: "push", hour: 8, timeZone: "Mars/Olympus_Mons" });
    expect(refused.status).toBe(400);
    expect(await offered(other)).toBe(true);
  });

  it("sends news by email while no device takes pushes, by push alone once one does, by both when email was chosen", async () => {
    const { notifier } = suite.server.deps;
    const person = await signedInUser(suite.server);
    const settings = await person.client.get("/api/me/notifications/settings");
    expect(settings.body.kinds.cardTravels).toEqual({ push: true, email: true });
    expect(settings.body.emailUntilPush).toEqual(["thanks", "cardTravels"]);
    expect(await notifier.notify(person.id, news)).toEqual({ pushed: 0, emailed: true });
    await person.client.post("/api/me/push-subscriptions", push.subscribe(`news-${person.id}`));
    expect(await notifier.notify(person.id, news)).toEqual({ pushed: 1, emailed: false });
    await person.client.put("/api/me/notifications/settings", { kind: "cardTravels", channel: "email", enabled: true });
    expect((await person.client.get("/api/me/notifications/settings")).body.emailUntilPush).toEqual(["thanks"]);
    expect(await notifier.notify(person.id, news)).toEqual({ pushed: 1, emailed: true });
  });

  it("gives every news email one-tap pause and stop links and the RFC 8058 headers; a mail app's one-click POST stops that kind", async () => {
    const { notifier } = suite.server.deps;
    const person = await signedInUser(suite.server);
    await notifier.notify(person.id, news);
    const [mail] = await outboxFor(suite.server, person.email);
    const headers = mail!.headers;
    const unsubscribe = /^<(http:\/\/[^>]+\/api\/email-choices\/one-click\?[^>]+)>$/.exec(headers["List-Unsubscribe"] ?? "");
    expect(unsubscribe).not.toBeNull();
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const links = [...mail!.text_body.matchAll(/(http:\/\/\S+\/email-choices\?\S+)/g)].map((match) => new URL(match[1]!));
    expect(links.map((link) => link.searchParams.get("do"))).toEqual(["pause", "stop"]);
    expect(mail!.text_body).toContain("Notification settings: http://kindly.test/settings/notifications");
    expect(mail!.text_body).toContain("Pause these emails for 7 days");
    // The /dev/mail outbox shows the headers too.
    const outbox = await suite.client.get("/api/dev/mail");
    expect(outbox.body.messages.find((message: { to: string }) => message.to === person.email.toLowerCase()).headers).toEqual(headers);

    // Pause: no email for a week, the choice unchanged; undo brings them back.
    const pause = Object.fromEntries(links[0]!.searchParams);
    const paused = await suite.client.post("/api/email-choices", pause);
    expect(paused.body).toMatchObject({ kind: "cardTravels", state: "paused" });
    expect(await notifier.notify(person.id, news)).toEqual({ pushed: 0, emailed: false });
    expect((await suite.client.post("/api/email-choices", { ...pause, do: "undo" })).body.state).toBe("on");
    expect(await notifier.notify(person.id, news)).toEqual({ pushed: 0, emailed: true });

    // A link with its seal changed, or for another kind, does nothing.
    expect((await suite.client.post("/api/email-choices", { ...pause, s: `${pause.s!.slice(0, -2)}xx` })).status).toBe(404);
    expect((await suite.client.post("/api/email-choices", { ...pause, k: "thanks" })).status).toBe(404);

    // The mail app's own button, as curl (not Kindly's client) posts it: no cookie, a form body.
    const { stdout } = await run("curl", [
      "-s",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code}",
      "-X",
      "POST",
      "-H",
      "Content-Type: application/x-www-form-urlencoded",
      "--data",
      "List-Unsubscribe=One-Click",
      // The test server's own address: the mail names APP_URL's host.
      suite.server.url + new URL(unsubscribe![1]!).pathname + new URL(unsubscribe![1]!).search,
    ]);
    expect(stdout).toBe("200");
    expect((await person.client.get("/api/me/notifications/settings")).body.kinds.cardTravels.email).toBe(false);
    expect(await notifier.notify(person.id, news)).toEqual({ pushed: 0, emailed: false });
    // The person's other kinds are untouched.
    expect((await person.client.get("/api/me/notifications/settings")).body.kinds.thanks.email).toBe(true);
  });

  it("tells the morning after, once, that a freeze kept the streak, on the streak reminder's channels (8 a.m. in the person's zone)", async () => {
    /** A person reminded by email at 7 p.m. in `zone`, with a 9-day streak whose last act was on `lastDay`. */
    const reminded = async (lastDay: string, freezes: number, zone = "America/Toronto") => {
      const person = await signedInUser(suite.server);
      await person.client.post("/api/me/reminder-offer", { channel: "email", hour: 19, timeZone: zone });
      await actedOn(suite.server, person, lastDay, 9, freezes);
      return person;
    };
    // Thursday 12 March 2026 is "today"; Wednesday the 11th was missed.
    const covered = await reminded("2026-03-10", 1);
    const actedYesterday = await reminded("2026-03-11", 1);
    const tooFew = await reminded("2026-03-09", 1); // two days missed, one freeze: the streak is lost
    const notAsked = await signedInUser(suite.server);
    await actedOn(suite.server, notAsked, "2026-03-10", 9, 1);
    const vancouver = await reminded("2026-03-10", 2, "America/Vancouver");
    const told = async (person: Person) => (await outboxFor(suite.server, person.email)).filter((m) => m.subject.startsWith("A freeze"));

    // 7:59 in Toronto: not yet.
    expect(await sendFreezeNotices(suite.server.deps, new Date("2026-03-12T11:59:00Z"))).toBe(0);
    // 8:00 in Toronto, and four servers at once: one notice, for the one whose freeze covered yesterday.
    await Promise.all([1, 2, 3, 4].map(() => sendFreezeNotices(suite.server.deps, new Date("2026-03-12T12:00:00Z"))));
    const [mail] = await told(covered);
    expect(mail!.subject).toBe("A freeze kept your 9-day streak");
    expect(mail!.text_body).toContain(
      "You recorded no act on March 11, 2026, and a streak freeze covered that day by itself: your streak goes on. 0 freezes left.",
    );
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    for (const quiet of [actedYesterday, tooFew, notAsked, vancouver]) expect(await told(quiet)).toEqual([]);
    // Vancouver's 8 a.m. comes three hours later; then it is told too, once, with its freeze left.
    await sendFreezeNotices(suite.server.deps, new Date("2026-03-12T15:00:00Z"));
    await sendFreezeNotices(suite.server.deps, new Date("2026-03-12T18:00:00Z"));
    const vancouverMail = await told(vancouver);
    expect(vancouverMail).toHaveLength(1);
    expect(vancouverMail[0]!.text_body).toContain("1 freeze left.");
    expect(await told(covered)).toHaveLength(1);
  });

  it("moves the server's day with the test clock (docs/operations.md), and back", async () => {
    const person = await signedInUser(suite.server);
    // Three days on (the session lasts longer): that day's noon in New York.
    const later = `${addDays(today(), 3)}T16:00:00.000Z`;
    await actedOn(suite.server, person, addDays(today(), 3));
    expect(await offered(person)).toBe(false);
    try {
      const moved = await suite.client.put("/api/dev/clock", { now: later });
      expect(moved.status).toBe(200);
      expect(Date.parse(moved.body.now)).toBeGreaterThanOrEqual(Date.parse(later));
      // That day, the act is today's: the offer is made.
      expect(await offered(person)).toBe(true);
    } finally {
      expect((await suite.client.delete("/api/dev/clock")).body.offsetMs).toBe(0);
    }
    expect(await offered(person)).toBe(false);
    expect((await suite.client.put("/api/dev/clock", { now: "next week" })).status).toBe(400);
  });
});
