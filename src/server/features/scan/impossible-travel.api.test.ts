import { describe, expect, it } from "vitest";
import { insertLocation } from "../organizations/fixtures.js";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { recordScan } from "./scan-service.js";
import { isImpossibleTravel } from "./travel.js";

const MONTREAL = { lat: 45.5017, lon: -73.5673 };
const TORONTO = { lat: 43.6532, lon: -79.3832 }; // 504 km from Montréal
const HOUR = 3_600_000;

describe("impossible travel between two positioned scans", () => {
  it("allows what a plane allows, and phone positions that wander a few kilometres", () => {
    const start = { ...MONTREAL, at: new Date("2026-11-20T12:00:00Z") };
    expect(isImpossibleTravel(start, { ...TORONTO, at: new Date(start.at.getTime() + 10 * 60_000) })).toBe(true);
    expect(isImpossibleTravel(start, { ...TORONTO, at: new Date(start.at.getTime() + HOUR) })).toBe(false);
    expect(isImpossibleTravel(start, { lat: MONTREAL.lat + 0.03, lon: MONTREAL.lon, at: start.at })).toBe(false);
  });
});

describe.each(testDrivers())("recording scans from two cities on %s", (driver) => {
  const suite = useTestServer(driver);

  async function twoCities() {
    const { db } = suite.server.deps;
    const { org, virtual } = await buildOrganization(db);
    const toronto = await insertLocation(db, org.id, { name: "Toronto", latitude: TORONTO.lat, longitude: TORONTO.lon });
    return {
      montreal: virtual[0]!,
      toronto: { code: { org: org.org_code, loc: toronto.qr_token, type: "virtual" as const }, at: TORONTO },
    };
  }

  it("refuses a scan further from the last one than anyone could travel since, in both languages", async () => {
    const { db, auth, numbering } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { montreal, toronto } = await twoCities();
    const noon = new Date("2026-11-20T17:00:00Z");
    await recordScan({ db, numbering, userId: user!.id, request: { ...montreal.code, ...montreal.at }, now: noon });
    const tooSoon = recordScan({
      db,
      numbering,
      userId: user!.id,
      request: { ...toronto.code, ...toronto.at },
      now: new Date(noon.getTime() + 20 * 60_000),
    });
    await expect(tooSoon).rejects.toMatchObject({ code: "impossible_travel" });
    // After a flight's time, the same scan counts.
    const later = await recordScan({
      db,
      numbering,
      userId: user!.id,
      request: { ...toronto.code, ...toronto.at },
      now: new Date(noon.getTime() + 2 * HOUR),
    });
    expect(later.status).toBe("success");

    const [other] = await buildUsers(db, auth, 1);
    const client = new TestClient(suite.server.url, { cookie: other!.cookie });
    expect((await client.post("/api/scans", { ...montreal.code, ...montreal.at })).status).toBe(201);
    const refused = await client.post("/api/scans", { ...toronto.code, ...toronto.at }, { "x-kindly-language": "fr" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("impossible_travel");
    expect(refused.body.error.message).toContain("la photo d’un code pris ailleurs ne compte pas");
  });

  it("says so at the scan page's check, before any card, and flags nothing for review until a scan is refused", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { montreal, toronto } = await twoCities();
    const client = new TestClient(suite.server.url, { cookie: user!.cookie });
    expect((await client.post("/api/scans", { ...montreal.code, ...montreal.at })).status).toBe(201);
    // The check without a position cannot know (the page asks for it); with Toronto's, the same rule as the scan.
    expect((await client.post("/api/scans/check", toronto.code)).status).toBe(200);
    const checked = await client.post("/api/scans/check", { ...toronto.code, ...toronto.at });
    expect(checked.status).toBe(422);
    expect(checked.body.error.code).toBe("impossible_travel");
    const flags = () => db.selectFrom("anomaly_flags").select("id").where("user_id", "=", user!.id).execute();
    expect(await flags()).toHaveLength(0);
    expect((await client.post("/api/scans", { ...toronto.code, ...toronto.at })).status).toBe(422);
    expect(await flags()).toHaveLength(1);
  });

  it("judges two scans racing from two cities one after the other: one is recorded, the other refused", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { montreal, toronto } = await twoCities();
    const client = new TestClient(suite.server.url, { cookie: user!.cookie });
    const answers = await Promise.all([
      client.post("/api/scans", { ...montreal.code, ...montreal.at }),
      client.post("/api/scans", { ...toronto.code, ...toronto.at }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const acts = await db.selectFrom("acts").select("id").where("user_id", "=", user!.id).execute();
    expect(acts).toHaveLength(1);
  });
});
