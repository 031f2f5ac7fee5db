import { describe, expect, it } from "vitest";
import { TestClient } from "../../test/http-client.js";
import { addMember, buildOrganization, buildUsers, locationInput, signedInOfficial } from "../../test/factories.js";
import { insertOrganization } from "./fixtures.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { MAP_PLACES_LIMIT } from "../../../shared/schemas/map.js";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import { reconcileAggregates } from "../scan/index.js";

describe.each(testDrivers())("the organisation dashboard and the map on %s", (driver) => {
  const suite = useTestServer(driver);

  it("walks a new organisation through its first hour: each set-up step ticks itself from what it did", async () => {
    const db = suite.server.deps.db;
    const org = await insertOrganization(db, { name: "Nouvelle Boulangerie", type: "company", country: "CA" });
    const [owner, customer] = await buildUsers(db, suite.server.deps.auth, 2);
    await addMember(db, org.id, owner!.id, "owner");
    const dashboard = new TestClient(suite.server.url, { cookie: owner!.cookie });
    const base = `/api/organizations/${org.id}`;
    const steps = async () => (await dashboard.get(`${base}/setup`)).body.steps;
    expect(await steps()).toEqual({ place: false, printKit: false, firstScan: false, member: false });
    // Someone else's organisation: not theirs to read.
    expect((await new TestClient(suite.server.url, { cookie: customer!.cookie }).get(`${base}/setup`)).status).toBe(403);

    const place = await dashboard.post(`${base}/locations`, locationInput({ name: "Comptoir" }));
    expect(place.status).toBe(201);
    expect(await steps()).toMatchObject({ place: true, printKit: false });
    // The print dialog's preview of the first page prints nothing: the step waits for a download.
    expect((await dashboard.bytes(`${base}/locations/${place.body.id}/code.pdf?design=poster&purpose=preview`)).status).toBe(200);
    expect(await steps()).toMatchObject({ printKit: false });
    const poster = await dashboard.bytes(`${base}/locations/${place.body.id}/code.pdf?design=poster`);
    expect(poster.status).toBe(200);
    expect(await steps()).toMatchObject({ printKit: true, firstScan: false });
    const token = await db.selectFrom("business_locations").select("qr_token").where("id", "=", place.body.id).executeTakeFirstOrThrow();
    const at = locationInput();
    const scan = await new TestClient(suite.server.url, { cookie: customer!.cookie }).post("/api/scans", {
      org: org.org_code,
      loc: token.qr_token,
      type: "virtual",
      lat: at.latitude,
      lon: at.longitude,
    });
    expect(scan.status).toBe(201);
    expect(await steps()).toMatchObject({ firstScan: true, member: false });
    expect((await dashboard.post(`${base}/members`, { email: `colleague${Date.now()}@example.test`, role: "business" })).status).toBe(200);
    expect(await steps()).toEqual({ place: true, printKit: true, firstScan: true, member: true });
  });

  it("counts scans from acts: summary, analytics, interactions and engagement", async () => {
    const db = suite.server.deps.db;
    const codes = await buildOrganization(db, { locations: 2 });
    const [owner, ...people] = await buildUsers(db, suite.server.deps.auth, 4);
    await addMember(db, codes.org.id, owner!.id, "owner");
    const dashboard = new TestClient(suite.server.url, { cookie: owner!.cookie });
    const base = `/api/organizations/${codes.org.id}`;

    const empty = (await dashboard.get(`${base}/summary?days=7`)).body;
    expect(empty).toEqual({
      days: 7,
      totalScans: 0,
      previousScans: 0,
      growthPercent: null,
      virtualScans: 0,
      manualActs: 0,
      cardScans: 0,
      activeLocations: 2,
    });
    expect((await dashboard.get(`${base}/summary?days=8`)).status).toBe(400);

    // Three people at place 0, one also at place 1 and with a physical card.
    for (const person of people) {
      const client = new TestClient(suite.server.url, { cookie: person.cookie });
      expect((await client.post("/api/scans", { ...codes.virtual[0]!.code, ...codes.virtual[0]!.at })).status).toBe(201);
    }
    const regular = new TestClient(suite.server.url, { cookie: people[0]!.cookie });
    expect((await regular.post("/api/scans", { ...codes.virtual[1]!.code, ...codes.virtual[1]!.at })).status).toBe(201);
    expect((await regular.post("/api/scans", codes.physical)).status).toBe(201);
    // One act of the regular participant is from before the period: they are "returning".
    // History is rewritten in the acts, then every aggregate is recomputed from them, as `kindly verify --repair` does.
    const earlier = new Date(Date.now() - 40 * 86_400_000);
    await db
      .updateTable("acts")
      .set({ scanned_at: earlier, scan_day: newYorkDay(earlier) })
      .where("card_type", "=", "physical")
      .where("organization_id", "=", codes.org.id)
      .execute();
    expect((await reconcileAggregates(db, { repair: true })).repaired).toBe(true);

    const summary = (await dashboard.get(`${base}/summary?days=30`)).body;
    expect(summary).toEqual({
      days: 30,
      totalScans: 4,
      previousScans: 1,
      growthPercent: 300,
      virtualScans: 4,
      manualActs: 0,
      cardScans: 0,
      activeLocations: 2,
    });

    const analytics = (await dashboard.get(`${base}/analytics?days=7`)).body;
    expect(analytics.perDay).toHaveLength(7);
    expect(analytics.perDay.at(-1).scans).toBe(4);
    expect(analytics.perDay.slice(0, 6).every((d: { scans: number }) => d.scans === 0)).toBe(true);
    expect(analytics.topLocations.map((l: { name: string; scans: number }) => [l.name, l.scans])).toEqual([
      ["Place 0", 3],
      ["Place 1", 1],
    ]);
    expect(analytics.split).toEqual({ virtual: 4, physical: 0, portable: 0, manual: 0 });
    expect(analytics.busiestHours.reduce((sum: number, cell: { scans: number }) => sum + cell.scans, 0)).toBe(4);

    const interactions = (await dashboard.get(`${base}/interactions?limit=3`)).body;
    expect(interactions.items).toHaveLength(3);
    expect(interactions.items[0]).toMatchObject({ cardType: "virtual", locationName: "Place 1", pseudonym: expect.any(String) });
    const rest = (await dashboard.get(`${base}/interactions?limit=3&before=${encodeURIComponent(interactions.nextBefore)}`)).body;
    expect(rest.items).toHaveLength(2);
    expect(rest.nextBefore).toBeNull();

    expect((await dashboard.get(`${base}/engagement?days=30`)).body).toEqual({
      days: 30,
      uniqueParticipants: 3,
      returningParticipants: 1,
      actsPerParticipant: 1.3,
    });

    // Kept as scans come (not only by a rebuild): a newcomer, and a participant of an earlier period coming back.
    const [newcomer, earlyBird] = await buildUsers(db, suite.server.deps.auth, 2);
    await new TestClient(suite.server.url, { cookie: newcomer!.cookie }).post("/api/scans", {
      ...codes.virtual[1]!.code,
      ...codes.virtual[1]!.at,
    });
    await new TestClient(suite.server.url, { cookie: earlyBird!.cookie }).post("/api/scans", codes.physical);
    await db
      .updateTable("acts")
      .set({ scanned_at: earlier, scan_day: newYorkDay(earlier) })
      .where("user_id", "=", earlyBird!.id)
      .execute();
    await reconcileAggregates(db, { repair: true });
    await new TestClient(suite.server.url, { cookie: earlyBird!.cookie }).post("/api/scans", {
      ...codes.virtual[0]!.code,
      ...codes.virtual[0]!.at,
    });
    expect((await dashboard.get(`${base}/engagement?days=30`)).body).toMatchObject({ uniqueParticipants: 5, returningParticipants: 2 });
    expect((await dashboard.get(`${base}/engagement?days=90`)).body).toMatchObject({ uniqueParticipants: 5, returningParticipants: 0 });
    expect((await reconcileAggregates(db, { repair: false })).drift).toEqual([]);
  });

  it("keeps a period's past days once, and counts acts recorded into them later", async () => {
    const db = suite.server.deps.db;
    const codes = await buildOrganization(db, { locations: 1 });
    const [owner, scanner, stranger] = await buildUsers(db, suite.server.deps.auth, 3);
    await addMember(db, codes.org.id, owner!.id, "owner");
    const dashboard = new TestClient(suite.server.url, { cookie: owner!.cookie });
    const official = await signedInOfficial(suite.server);
    const base = `/api/organizations/${codes.org.id}`;
    const daysAgo = (n: number) => newYorkDay(new Date(Date.now() - n * 86_400_000));
    const recordManual = async (count: number, performedOn: string) =>
      expect(
        (
          await official.client.post("/api/admin/manual-acts", {
            organizationId: codes.org.id,
            count,
            description: "Meals served at the community kitchen",
            proofType: "both",
            proofDescription: "Photos and a short video from the volunteers",
            performedOn,
          })
        ).status,
      ).toBe(201);
    const kept = () =>
      db.selectFrom("organization_period_figures").select(["days", "through"]).where("organization_id", "=", codes.org.id).execute();

    await recordManual(3, daysAgo(10));
    await new TestClient(suite.server.url, { cookie: scanner!.cookie }).post("/api/scans", {
      ...codes.virtual[0]!.code,
      ...codes.virtual[0]!.at,
    });
    // A stranger's request is refused before anything is kept.
    expect((await new TestClient(suite.server.url, { cookie: stranger!.cookie }).get(`${base}/summary?days=30`)).status).toBe(403);
    expect(await kept()).toEqual([]);

    expect((await dashboard.get(`${base}/summary?days=30`)).body).toMatchObject({ totalScans: 4, manualActs: 3, virtualScans: 1 });
    expect(await kept()).toEqual([{ days: 30, through: daysAgo(2) }]);
    // Read again, the kept sums serve as they are.
    expect((await dashboard.get(`${base}/summary?days=30`)).body).toMatchObject({ totalScans: 4 });

    // Acts recorded into a day already over reach the kept sums.
    await recordManual(2, daysAgo(5));
    const summary = (await dashboard.get(`${base}/summary?days=30`)).body;
    expect(summary).toMatchObject({ totalScans: 6, manualActs: 5, virtualScans: 1 });
    const analytics = (await dashboard.get(`${base}/analytics?days=30`)).body;
    expect(analytics.perDay.find((d: { day: string }) => d.day === daysAgo(5)).scans).toBe(2);
    expect(analytics.perDay.find((d: { day: string }) => d.day === daysAgo(10)).scans).toBe(3);
    expect(analytics.split).toEqual({ virtual: 1, physical: 0, portable: 0, manual: 5 });
    expect(analytics.topLocations).toEqual([{ id: expect.any(String), name: "Place 0", scans: 1 }]);
    // Every figure agrees with the acts themselves.
    const fromActs = await db
      .selectFrom("acts")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("organization_id", "=", codes.org.id)
      .where("scan_day", ">=", daysAgo(29))
      .executeTakeFirstOrThrow();
    expect(summary.totalScans).toBe(Number(fromActs.n));
  });

  it("saves campaigns whose status follows pause, resume and end, and shows a running one's effect on the map", async () => {
    const db = suite.server.deps.db;
    const codes = await buildOrganization(db, { locations: 1, name: "Campaign Org" });
    const [owner] = await buildUsers(db, suite.server.deps.auth, 1);
    await addMember(db, codes.org.id, owner!.id, "business");
    const client = new TestClient(suite.server.url, { cookie: owner!.cookie });
    const base = `/api/organizations/${codes.org.id}`;
    const [place] = (await client.get(`${base}/locations`)).body.locations;

    expect(
      (await client.post(`${base}/campaigns`, { name: "", description: "x", durationDays: 7, effect: "glow", locationIds: [place.id] }))
        .status,
    ).toBe(400);
    expect(
      (await client.post(`${base}/campaigns`, { name: "x", description: "x", durationDays: 5, effect: "glow", locationIds: [place.id] }))
        .status,
    ).toBe(400);
    const created = await client.post(`${base}/campaigns`, {
      name: "Kindness week",
      description: "Scan us!",
      durationDays: 7,
      effect: "rainbow",
      locationIds: [place.id],
    });
    expect(created.status).toBe(201);

    const area = `south=${place.latitude - 0.01}&west=${place.longitude - 0.01}&north=${place.latitude + 0.01}&east=${place.longitude + 0.01}`;
    // Through the owner's client: someone who just changed a campaign sees the map without the public cache's delay.
    const onMap = async () => (await client.get(`/api/map/places?${area}`)).body.places.find((p: { id: string }) => p.id === place.id);
    expect(await onMap()).toMatchObject({
      name: "Place 0",
      organizationName: "Campaign Org",
      campaignEffect: "rainbow",
      radiusMeters: 100,
    });

    const status = async () => (await client.get(`${base}/campaigns`)).body.campaigns[0].status;
    expect(await status()).toBe("running");
    expect((await client.post(`${base}/campaigns/${created.body.id}`, { action: "pause" })).status).toBe(204);
    expect(await status()).toBe("paused");
    expect((await onMap()).campaignEffect).toBeNull();
    expect((await client.post(`${base}/campaigns/${created.body.id}`, { action: "resume" })).status).toBe(204);
    expect(await status()).toBe("running");
    expect((await client.post(`${base}/campaigns/${created.body.id}`, { action: "end" })).status).toBe(204);
    expect(await status()).toBe("completed");
    expect((await client.post(`${base}/campaigns/${created.body.id}`, { action: "resume" })).status).toBe(409);

    // Another organisation's location cannot join this campaign.
    const other = await buildOrganization(db, { locations: 1 });
    const [foreign] = await db.selectFrom("business_locations").select("id").where("organization_id", "=", other.org.id).execute();
    expect(
      (await client.post(`${base}/campaigns`, { name: "x", description: "x", durationDays: 3, effect: "glow", locationIds: [foreign!.id] }))
        .status,
    ).toBe(404);
  });

  it("answers the map for the visible area only, with counts per cell when a view holds too many places", async () => {
    const db = suite.server.deps.db;
    const { org } = await buildOrganization(db, { locations: 0 });
    // A cluster of places in the middle of the Atlantic, where no other test puts any.
    const rows = Array.from({ length: MAP_PLACES_LIMIT + 1 }, (_, i) => ({
      id: crypto.randomUUID(),
      organization_id: org.id,
      name: `Dot ${i}`,
      latitude: 30 + (i % 40) * 0.01,
      longitude: -40 + Math.floor(i / 40) * 0.01,
      qr_token: crypto.randomUUID(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto("business_locations")
        .values(rows.slice(i, i + 500))
        .execute();
    const map = new TestClient(suite.server.url);

    const smallAnswer = await map.get("/api/map/places?south=30&west=-40&north=30.015&east=-39.995");
    expect(smallAnswer.headers.get("content-type")).toMatch(/^application\/json/);
    const small = smallAnswer.body;
    expect(small.clusters).toEqual([]);
    expect(small.places.map((p: { name: string }) => p.name).sort()).toEqual(["Dot 0", "Dot 1"]);

    const wide = (await map.get("/api/map/places?south=29&west=-41&north=31&east=-39")).body;
    expect(wide.places).toEqual([]);
    expect(wide.clusters.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(MAP_PLACES_LIMIT + 1);

    expect((await map.get("/api/map/places?south=30&west=-40&north=95&east=-39")).status).toBe(400);
  });
});
