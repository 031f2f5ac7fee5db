import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newYorkDay, addDays } from "../../../shared/acts/new-york-time.js";
import { outboxFor, signedInUser } from "../../test/factories.js";
import { startPushService, type PushService } from "../../test/push-service.js";
import { useTestServer, type TestServer } from "../../test/test-server.js";
import { sendStreakReminders } from "./index.js";

type Person = Awaited<ReturnType<typeof signedInUser>>;

/** A person with a streak of `current` days whose last act was on `lastDay` (New York), holding `freezes`. */
async function withStreak(server: TestServer, person: Person, streak: { current: number; lastDay: string; freezes?: number }) {
  await server.deps.db
    .insertInto("user_stats")
    .values({
      user_id: person.id,
      total_acts: streak.current,
      current_streak: streak.current,
      longest_streak: streak.current,
      last_act_day: streak.lastDay,
      streak_freezes: streak.freezes ?? 0,
      bronze: streak.current,
      silver: 0,
      gold: 0,
      platinum: 0,
    })
    .onConflict((c) =>
      c.column("user_id").doUpdateSet({
        current_streak: streak.current,
        last_act_day: streak.lastDay,
        streak_freezes: streak.freezes ?? 0,
      }),
    )
    .execute();
}

describe("streak reminders: at the chosen hour in the person's time zone, only with a streak to keep, once a day", () => {
  const suite = useTestServer("postgres", { env: { OUTBOUND_ALLOW: "127.0.0.1" } });
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(() => push.close());

  /** A person reminded by push at `hour` in `timeZone`, their phone subscribed as `device`. */
  async function remindedPerson(device: string, hour: number, timeZone: string) {
    const person = await signedInUser(suite.server);
    await person.client.post("/api/me/push-subscriptions", push.subscribe(device));
    expect(
      (await person.client.put("/api/me/notifications/settings", { kind: "streakReminder", channel: "push", enabled: true })).status,
    ).toBe(200);
    const saved = await person.client.put("/api/me/notifications/reminder", { hour, timeZone });
    expect(saved.status).toBe(200);
    expect(saved.body.reminder).toEqual({ hour, timeZone });
    return person;
  }
  const run = (at: string) => sendStreakReminders(suite.server.deps, new Date(at));
  const tags = (device: string) => push.received(device).map((p) => p.payload.tag);

  it("reminds at 7 p.m. Toronto time a person with no act yet today, once, and names when the day ends", async () => {
    const person = await remindedPerson("toronto", 19, "America/Toronto");
    await withStreak(suite.server, person, { current: 12, lastDay: "2026-03-11" });
    // 18:59 in Toronto (EDT since 8 March): not yet.
    await run("2026-03-12T22:59:00Z");
    expect(tags("toronto")).toEqual([]);
    await run("2026-03-12T23:00:00Z");
    const reminder = await push.waitFor("toronto", (p) => p.payload.tag === "streak-reminder");
    expect(reminder.payload).toMatchObject({
      title: "Keep your 12-day streak",
      body: "No act yet today: record one before midnight to keep it.",
      url: "/scan-qr",
      actions: [{ action: "snooze", title: "Remind me in an hour" }],
    });
    // Looked at again in the same hour, and by four servers at once: never a second one.
    await Promise.all([run("2026-03-12T23:01:00Z"), run("2026-03-12T23:01:00Z"), run("2026-03-12T23:30:00Z"), run("2026-03-12T23:59:00Z")]);
    expect(tags("toronto")).toEqual(["streak-reminder"]);
    // The next day at the same hour, with still no act: the streak is lost (no freeze), so nothing.
    await run("2026-03-13T23:00:00Z");
    expect(tags("toronto")).toHaveLength(1);
  });

  it("stays quiet on a day that already has an act, and for a person with no streak", async () => {
    const acted = await remindedPerson("acted", 19, "America/Toronto");
    await withStreak(suite.server, acted, { current: 4, lastDay: "2026-03-12" });
    const none = await remindedPerson("no-streak", 19, "America/Toronto");
    await run("2026-03-12T23:00:00Z");
    await run("2026-03-13T23:00:00Z"); // the day after: `acted` has a streak to keep again
    expect(tags("acted")).toEqual(["streak-reminder"]);
    expect(tags("no-streak")).toEqual([]);
    expect(none.id).toBeTruthy();
  });

  it("reminds a person whose freeze keeps the streak, saying so", async () => {
    const person = await remindedPerson("frozen", 19, "America/Toronto");
    // Last act two days ago, one freeze held (it covers yesterday), one more for today.
    await withStreak(suite.server, person, { current: 9, lastDay: "2026-03-10", freezes: 2 });
    await run("2026-03-12T23:00:00Z");
    const reminder = await push.waitFor("frozen", (p) => p.payload.tag === "streak-reminder");
    expect(reminder.payload.body).toBe("No act yet today: record one before midnight to keep it. If you can’t, a freeze will cover today.");
  });

  it("follows the person's own hour across time zones and New York's midnight", async () => {
    // 10 p.m. in Vancouver is already 1 a.m. the next day in New York: that New York day has no act yet.
    const vancouver = await remindedPerson("vancouver", 22, "America/Vancouver");
    await withStreak(suite.server, vancouver, { current: 5, lastDay: "2026-03-12" });
    await run("2026-03-13T05:00:00Z"); // 22:00 PDT on Thursday 12 March
    const late = await push.waitFor("vancouver", (p) => p.payload.tag === "streak-reminder");
    // New York's day ends at 9 p.m. Friday, Vancouver time.
    expect(late.payload.body).toBe("No act yet today: record one before Friday 9:00 p.m. to keep it.");

    // 8 a.m. in Tokyo is the evening before in New York; moving the hour later the same Tokyo day brings no second one.
    const tokyo = await remindedPerson("tokyo", 8, "Asia/Tokyo");
    await withStreak(suite.server, tokyo, { current: 3, lastDay: "2026-03-11" });
    await run("2026-03-12T23:00:00Z"); // 08:00 JST Friday 13 March, 19:00 EDT Thursday 12
    expect(tags("tokyo")).toEqual(["streak-reminder"]);
    await tokyo.client.put("/api/me/notifications/reminder", { hour: 15, timeZone: "Asia/Tokyo" });
    await run("2026-03-13T06:00:00Z"); // 15:00 JST Friday 13, already Friday 13 in New York
    expect(tags("tokyo")).toEqual(["streak-reminder"]);
    // The next Tokyo day at 15:00 (New York's Saturday), with an act on Friday: reminded again.
    await withStreak(suite.server, tokyo, { current: 4, lastDay: "2026-03-13" });
    await run("2026-03-14T06:00:00Z");
    expect(tags("tokyo")).toEqual(["streak-reminder", "streak-reminder"]);
  });

  it("sends by email to a person who chose email, in their language", async () => {
    const person = await signedInUser(suite.server);
    await person.client.patch("/api/me", { languagePreference: "fr" });
    await person.client.put("/api/me/notifications/settings", { kind: "streakReminder", channel: "email", enabled: true });
    await person.client.put("/api/me/notifications/reminder", { hour: 19, timeZone: "America/Montreal" });
    await withStreak(suite.server, person, { current: 12, lastDay: "2026-03-11" });
    await run("2026-03-12T23:00:00Z");
    const mail = (await outboxFor(suite.server, person.email))[0];
    expect(mail?.subject).toBe("Gardez votre série de 12 jours");
    expect(mail?.text_body).toContain("avant minuit (heure locale)");
  });

  it("snoozes today's reminder for an hour, from the notification's button", async () => {
    const person = await remindedPerson("snoozer", 19, "America/Toronto");
    expect((await person.client.post("/api/me/notifications/reminder/snooze", {})).status).toBe(404);
    const now = new Date();
    const today = newYorkDay(now);
    await withStreak(suite.server, person, { current: 6, lastDay: addDays(today, -1) });
    // Today's reminder went out (whatever the hour is now).
    await suite.server.deps.db
      .updateTable("streak_reminders")
      .set({ last_sent_day: today, last_sent_at: now })
      .where("user_id", "=", person.id)
      .execute();
    const snoozed = await person.client.post("/api/me/notifications/reminder/snooze", {});
    expect(snoozed.status).toBe(200);
    const until = new Date(snoozed.body.until as string);
    expect(until.getTime() - now.getTime()).toBeGreaterThanOrEqual(60 * 60 * 1000);
    await sendStreakReminders(suite.server.deps, new Date(until.getTime() - 60_000));
    expect(tags("snoozer")).toEqual([]);
    await sendStreakReminders(suite.server.deps, until);
    // Sent again unless New York's day turned meanwhile (then the streak's day is another one).
    if (newYorkDay(until) === today) expect(tags("snoozer")).toEqual(["streak-reminder"]);
    else expect(tags("snoozer")).toEqual([]);
    // The snooze is spent: the next minute sends nothing more.
    await sendStreakReminders(suite.server.deps, new Date(until.getTime() + 60_000));
    expect(tags("snoozer").length).toBeLessThanOrEqual(1);
  });

  it("refuses an hour outside the day and a time zone PostgreSQL does not know", async () => {
    const person = await signedInUser(suite.server);
    expect((await person.client.put("/api/me/notifications/reminder", { hour: 24, timeZone: "America/Toronto" })).status).toBe(400);
    const unknown = await person.client.put("/api/me/notifications/reminder", { hour: 8, timeZone: "Mars/Olympus_Mons" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/time zone/);
  });
});
