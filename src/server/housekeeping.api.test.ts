import { describe, expect, it } from "vitest";
import { tidyUp } from "./housekeeping.js";
import { signedInUser } from "./test/factories.js";
import { testDrivers, useTestServer } from "./test/test-server.js";

const DAY = 86_400_000;

describe.each(testDrivers())("housekeeping on %s", (driver) => {
  const suite = useTestServer(driver);

  it("keeps 90 days of the mail log, a week of refusal counts and unexpired rate-limit counters, and drops the rest", async () => {
    const { db } = suite.server.deps;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const tag = `housekeeping-${now.getTime()}`;
    await db
      .insertInto("mail_log")
      .values([
        { kind: tag, recipient: "a•••@example.test", subject: "old", status: "sent", error: null, created_at: ago(91) },
        { kind: tag, recipient: "a•••@example.test", subject: "recent", status: "failed", error: "x", created_at: ago(89) },
      ])
      .execute();
    await db
      .insertInto("rate_limit_refusals")
      .values([
        { rule: `${tag}-old`, minute: ago(8), refusals: 3 },
        { rule: `${tag}-recent`, minute: ago(6), refusals: 2 },
      ])
      .execute();
    await db
      .insertInto("rate_limit_counters")
      .values([
        { key: `${tag}:expired`, count: 1, window_started_at: ago(2) },
        { key: `${tag}:live`, count: 1, window_started_at: now },
      ])
      .execute();

    await tidyUp(db, now);

    const mail = await db.selectFrom("mail_log").select("subject").where("kind", "=", tag).execute();
    expect(mail.map((row) => row.subject)).toEqual(["recent"]);
    const refusals = await db.selectFrom("rate_limit_refusals").select("rule").where("rule", "like", `${tag}-%`).execute();
    expect(refusals.map((row) => row.rule)).toEqual([`${tag}-recent`]);
    const counters = await db.selectFrom("rate_limit_counters").select("key").where("key", "like", `${tag}:%`).execute();
    expect(counters.map((row) => row.key)).toEqual([`${tag}:live`]);
  });

  it("keeps personal data only as long as the privacy page says: expired sessions and tokens, a week of outbox, a year of devices", async () => {
    const { db } = suite.server.deps;
    const member = await signedInUser(suite.server);
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await db
      .insertInto("sessions")
      .values({
        id: `expired-${member.id}`,
        token: `expired-${member.id}`,
        user_id: member.id,
        expires_at: ago(1),
        ip_address: "203.0.113.5",
        user_agent: null,
        created_at: ago(31),
        updated_at: ago(2),
      })
      .execute();
    await db
      .insertInto("dev_outbox")
      .values([
        { to_address: member.email, subject: "old outbox", text_body: "x", html_body: "x", created_at: ago(8) },
        { to_address: member.email, subject: "recent outbox", text_body: "x", html_body: "x", created_at: ago(6) },
      ])
      .execute();
    await db
      .insertInto("known_devices")
      .values([
        { user_id: member.id, device_hash: "stale", last_seen_at: ago(366) },
        { user_id: member.id, device_hash: "recent", last_seen_at: ago(30) },
      ])
      .execute();

    await tidyUp(db, now);

    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", member.id).execute();
    expect(sessions.map((row) => row.id)).not.toContain(`expired-${member.id}`);
    expect(sessions.length).toBeGreaterThan(0);
    expect((await member.client.get("/api/me")).status).toBe(200);
    const outbox = await db.selectFrom("dev_outbox").select("subject").where("to_address", "=", member.email).execute();
    expect(outbox.map((row) => row.subject)).toContain("recent outbox");
    expect(outbox.map((row) => row.subject)).not.toContain("old outbox");
    const devices = await db.selectFrom("known_devices").select("device_hash").where("user_id", "=", member.id).execute();
    expect(devices.map((row) => row.device_hash)).toContain("recent");
    expect(devices.map((row) => row.device_hash)).not.toContain("stale");
  });
});
