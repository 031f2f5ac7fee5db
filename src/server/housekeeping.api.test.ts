import { describe, expect, it } from "vitest";
import { tidyUp } from "./housekeeping.js";
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
});
