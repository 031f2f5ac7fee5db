import { describe, expect, it } from "vitest";
import { buildOrganization, signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { movementDay } from "../../../shared/acts/new-york-time.js";

describe.each(testDrivers({ replica: true }))("the movement's goals on %s", (driver) => {
  // One goal long reached, one whose year is over and out of reach, one far out of sight, one in sight (1 act of 100).
  const suite = useTestServer(driver, {
    env: {
      MOVEMENT_GOALS: "1:2020,999999999999:2021,900000000000:2999,100:2999",
      PUBLIC_CACHE_SECONDS: "0",
      KINDLY_MOVEMENT_START: "2022-02-21",
    },
  });

  it("shows the deployment's goals against the same counter: reached ones ticked, past unreached ones gone", async () => {
    const user = await signedInUser(suite.server);
    const { physical } = await buildOrganization(suite.server.deps.db);
    expect((await user.client.post("/api/scans", physical)).status).toBe(201);
    const stats = (await suite.client.get("/api/stats")).body;
    expect(stats.totalActs).toBeGreaterThan(0);
    expect(stats.goals).toEqual([
      { target: 1, year: 2020, reached: true },
      { target: 100, year: 2999, reached: false },
    ]);
  });

  it("says which day of the movement it is by New York's calendar, so every phone shows the same day", async () => {
    const before = movementDay("2022-02-21", new Date());
    const { movementDay: day } = (await suite.client.get("/api/stats")).body as { movementDay: number };
    // Read either side of a New York midnight, both days are right.
    expect([before, movementDay("2022-02-21", new Date())]).toContain(day);
    expect(day).toBeGreaterThan(1_700);
  });
});

describe("a new deployment's movement", () => {
  const suite = useTestServer("postgres", { env: { PUBLIC_CACHE_SECONDS: "0" } });

  it("starts on day 1, the day it first started, and keeps that day for every process", async () => {
    const { movementDay: day } = (await suite.client.get("/api/stats")).body as { movementDay: number };
    expect(day).toBe(1);
    const kept = await suite.server.deps.db
      .selectFrom("app_settings")
      .select("value")
      .where("key", "=", "movement_start")
      .executeTakeFirst();
    expect(kept?.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
