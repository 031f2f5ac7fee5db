import { describe, expect, it } from "vitest";
import { buildContest, buildOrganization, buildUsers, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { pseudonymFor } from "./pseudonym.js";
import { startTestServer, testDrivers, useTestServer } from "../../test/test-server.js";
import { LANGUAGES } from "../../../shared/i18n/languages.js";

describe.each(testDrivers({ replica: true }))("recording acts on %s", (driver) => {
  const suite = useTestServer(driver);
  const clientFor = (cookie: string) => new TestClient(suite.server.url, { cookie });

  it("records a virtual scan inside the radius and refuses a second one that day", async () => {
    const user = await signedInUser(suite.server);
    const { virtual } = await buildOrganization(suite.server.deps.db);
    const [place] = virtual;
    const check = await user.client.post("/api/scans/check", place!.code);
    expect(check.status).toBe(200);
    // Before the person shares a position, nothing says where the place is.
    expect(check.body).toEqual({
      status: "ready",
      organizationName: expect.any(String),
      locationName: "Place 0",
      locationTranslations: {},
      type: "virtual",
      proximity: null,
    });
    const near = await user.client.post("/api/scans/check", { ...place!.code, lat: place!.at.lat + 0.0005, lon: place!.at.lon });
    expect(near.body.proximity).toEqual({ distanceMeters: 0, radiusMeters: 100 });
    const away = await user.client.post("/api/scans/check", { ...place!.code, lat: place!.at.lat + 0.01, lon: place!.at.lon });
    expect(away.body.proximity).toEqual({ distanceMeters: 1112, radiusMeters: 100 });
    expect(JSON.stringify([check.body, near.body, away.body])).not.toContain(String(place!.at.lat));

    const res = await user.client.post("/api/scans", { ...place!.code, lat: place!.at.lat + 0.0005, lon: place!.at.lon });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "success", rarity: expect.stringMatching(/^(bronze|silver|gold|platinum)$/) });
    expect(res.body.actNumber).toBeGreaterThan(0);
    // In every language, so the card can follow a language switch.
    expect(Object.keys(res.body.kindMessage).sort()).toEqual([...LANGUAGES].sort());
    expect(res.body.kindMessage.fr).not.toBe(res.body.kindMessage.en);
    expect(res.body.newAchievements).toContain("first_record");

    const again = await user.client.post("/api/scans", { ...place!.code, ...place!.at });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: "already_scanned_location_today", message: "You already scanned this QR code today" });
    // The check says so before any card is opened.
    expect((await user.client.post("/api/scans/check", place!.code)).body.error.code).toBe("already_scanned_location_today");
  });

  it("refuses a position outside the radius, or none, and says how far", async () => {
    const user = await signedInUser(suite.server);
    const { virtual } = await buildOrganization(suite.server.deps.db);
    const far = await user.client.post("/api/scans", { ...virtual[0]!.code, lat: virtual[0]!.at.lat + 0.01, lon: virtual[0]!.at.lon });
    expect(far.status).toBe(422);
    expect(far.body.error.code).toBe("out_of_range");
    expect(far.body.error.details).toEqual({ distanceMeters: 1112, radiusMeters: 100 });
    expect(far.body.error.message).toBe("You are 1112 m from this place; you need to be within 100 m to scan its QR code.");
    const none = await user.client.post("/api/scans", virtual[0]!.code);
    expect(none.body.error.code).toBe("location_required");
    expect((await user.client.get("/api/me/stats")).body.totalActs).toBe(0);
  });

  it("lets a physical or portable card count once per organisation, from anywhere", async () => {
    const user = await signedInUser(suite.server);
    const codes = await buildOrganization(suite.server.deps.db);
    const first = await user.client.post("/api/scans", codes.physical);
    expect(first.status).toBe(201);
    expect(first.body.kindMessage).toBeNull();
    const portable = await user.client.post("/api/scans", { ...codes.portable, lat: -33.9, lon: 151.2 });
    expect(portable.status).toBe(409);
    expect(portable.body.error.code).toBe("already_scanned_organisation");
    // A virtual code of the same organisation is a different rule.
    expect((await user.client.post("/api/scans", { ...codes.virtual[0]!.code, ...codes.virtual[0]!.at })).status).toBe(201);
  });

  it("answers invalid_qr for any link Kindly did not issue, and in French", async () => {
    const user = await signedInUser(suite.server);
    const codes = await buildOrganization(suite.server.deps.db);
    const other = await buildOrganization(suite.server.deps.db);
    const forged = [
      { ...codes.virtual[0]!.code, loc: "made-up-location" },
      { ...codes.virtual[0]!.code, type: "physical" },
      { ...codes.physical, type: "portable" },
      { ...codes.physical, type: "virtual", lat: 0, lon: 0 },
      { ...codes.physical, org: other.org.org_code },
    ];
    for (const body of forged) {
      const res = await user.client.post("/api/scans", { ...codes.virtual[0]!.at, ...body });
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.error.code).toBe("invalid_qr");
    }
    const french = await user.client.post("/api/scans", forged[0], { "x-kindly-language": "fr" });
    expect(french.body.error.message).toBe("Le code QR que vous avez scanné n’est pas valide ou il y manque des renseignements requis.");
    expect((await user.client.get("/api/me/stats")).body.totalActs).toBe(0);
  });

  it("refuses codes of a deactivated location and asks visitors to sign in", async () => {
    const user = await signedInUser(suite.server);
    const codes = await buildOrganization(suite.server.deps.db);
    await suite.server.deps.db
      .updateTable("business_locations")
      .set({ is_active: false })
      .where("qr_token", "=", codes.virtual[0]!.code.loc)
      .execute();
    const res = await user.client.post("/api/scans", { ...codes.virtual[0]!.code, ...codes.virtual[0]!.at });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: "location_not_found", message: "Location not found or no longer active" });
    const visitor = await suite.client.fresh().post("/api/scans", codes.physical);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.code).toBe("not_authenticated");
  });

  it("feeds the profile, history, feed, leaderboards, home stats and contest tickets", async () => {
    const db = suite.server.deps.db;
    await buildContest(db);
    const user = await signedInUser(suite.server);
    const codes = await buildOrganization(db, { type: "non-profit", locations: 2 });
    const before = (await suite.client.get("/api/stats")).body;
    const a = await user.client.post("/api/scans", { ...codes.virtual[0]!.code, ...codes.virtual[0]!.at });
    const b = await user.client.post("/api/scans", { ...codes.virtual[1]!.code, ...codes.virtual[1]!.at });
    expect([a.status, b.status]).toEqual([201, 201]);

    const stats = (await user.client.get("/api/me/stats")).body;
    expect(stats).toMatchObject({ totalActs: 2, currentStreak: 1, longestStreak: 1, rank: 1, milestone: { previous: 0, next: 10 } });
    expect(stats.recentActNumbers).toEqual([b.body.actNumber, a.body.actNumber]);
    expect(Object.values(stats.rarities as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(2);
    expect(stats.achievements.find((x: { id: string }) => x.id === "first_record").earnedAt).not.toBeNull();
    expect(stats.achievements.find((x: { id: string }) => x.id === "connection_builder").earnedAt).toBeNull();
    expect(stats.topOrganizations).toEqual([{ rank: 1, id: codes.org.id, name: codes.org.name, acts: 2 }]);
    expect(stats.contestTickets).toBe(2);

    const history = (await user.client.get("/api/me/acts")).body;
    expect(history).toMatchObject({ totalActs: 2, activeDays: 1, nextBefore: null });
    expect(history.acts.map((act: { actNumber: number }) => act.actNumber)).toEqual([b.body.actNumber, a.body.actNumber]);
    expect(history.acts[0]).toMatchObject({
      organizationName: codes.org.name,
      cardType: "virtual",
      pseudonym: expect.stringMatching(/^Kindly #/),
    });

    const feed = (await suite.client.get("/api/feed")).body.items;
    expect(feed[0]).toMatchObject({ actNumber: b.body.actNumber, organizationName: codes.org.name });
    expect(JSON.stringify(feed)).not.toContain(user.username);

    const after = (await suite.client.get("/api/stats")).body;
    expect(after.totalActs - before.totalActs).toBe(2);
    expect(after.todayActs - before.todayActs).toBe(2);
    for (const period of ["monthly", "yearly", "all"]) {
      const board = (await suite.client.get(`/api/leaderboards?board=organisation&period=${period}`)).body;
      expect(board.rows).toContainEqual(expect.objectContaining({ id: codes.org.id, acts: 2 }));
      const people = (await suite.client.get(`/api/leaderboards?board=individual&period=${period}`)).body;
      // Privacy by default: the person's pseudonym, not their username.
      expect(people.rows).toContainEqual(expect.objectContaining({ name: pseudonymFor(user.id), country: "CA", acts: 2 }));
    }
    expect((await suite.client.get("/api/leaderboards?board=country&period=all")).body.rows).toContainEqual(
      expect.objectContaining({ id: "CA" }),
    );
    expect((await suite.client.get("/api/leaderboards?board=company")).body.rows).not.toContainEqual(
      expect.objectContaining({ id: codes.org.id }),
    );
    expect((await suite.client.get("/api/leaderboards?board=teams")).status).toBe(400);
  });

  it("writes every French kind message with 'vous', like the rest of the app", async () => {
    const rows = await suite.server.deps.db.selectFrom("kind_messages").select("message").execute();
    expect(rows.length).toBeGreaterThan(0);
    // Whole words only (letters with accents count as letters): "coûte" is not "te".
    for (const row of rows) expect(row.message.fr).not.toMatch(/(?<!\p{L})(?:(?:tu|te|toi|ton|ta|tes)(?!\p{L})|t')/iu);
    expect(rows.map((row) => row.message.en).join(" ")).not.toMatch(/thousands|millions/);
  });

  it("ranks truly: 1 + the number of people with more acts, and nobody before a first act", async () => {
    const db = suite.server.deps.db;
    const [leader, second, newcomer] = await buildUsers(db, suite.server.deps.auth, 3);
    const fresh = (await clientFor(newcomer!.cookie).get("/api/me/stats")).body;
    expect(fresh).toMatchObject({ totalActs: 0, rank: null, topOrganizations: [] });
    const codes = await buildOrganization(db, { type: "company", locations: 3 });
    const scan = (cookie: string, i: number) =>
      clientFor(cookie).post("/api/scans", { ...codes.virtual[i]!.code, ...codes.virtual[i]!.at });
    for (const i of [0, 1, 2]) expect((await scan(leader!.cookie, i)).status).toBe(201);
    expect((await scan(second!.cookie, 0)).status).toBe(201);
    const ahead = await db
      .selectFrom("user_stats")
      .select(db.fn.countAll<number>().as("n"))
      .where("total_acts", ">", 3)
      .executeTakeFirstOrThrow();
    const leaderRank = (await clientFor(leader!.cookie).get("/api/me/stats")).body.rank;
    const secondRank = (await clientFor(second!.cookie).get("/api/me/stats")).body.rank;
    expect(leaderRank).toBe(Number(ahead.n) + 1);
    const aheadOfSecond = await db
      .selectFrom("user_stats")
      .select(db.fn.countAll<number>().as("n"))
      .where("total_acts", ">", 1)
      .executeTakeFirstOrThrow();
    expect(secondRank).toBe(Number(aheadOfSecond.n) + 1);

    // The profile's own organisations (a person's list, not a race): ties share a rank.
    const other = await buildOrganization(db, { type: "company", locations: 1 });
    const third = await buildOrganization(db, { type: "company", locations: 1 });
    expect((await clientFor(second!.cookie).post("/api/scans", { ...other.virtual[0]!.code, ...other.virtual[0]!.at })).status).toBe(201);
    expect((await clientFor(second!.cookie).post("/api/scans", { ...third.virtual[0]!.code, ...third.virtual[0]!.at })).status).toBe(201);
    const mine = (await clientFor(second!.cookie).get("/api/me/stats")).body.topOrganizations;
    expect(mine.map((org: { rank: number; acts: number }) => [org.rank, org.acts])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
  });
});

describe.each(testDrivers({ replica: true }))("member count on %s", (driver) => {
  // What the trigger keeps, read straight through (the shared cache has its own test).
  const suite = useTestServer(driver, { env: { PUBLIC_CACHE_SECONDS: "0" } });

  it("follows sign-ups and deletions", async () => {
    const count = async () => (await suite.client.get("/api/stats")).body.users as number;
    const actual = async () =>
      Number(
        (await suite.server.deps.db.selectFrom("users").select(suite.server.deps.db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
      );
    const before = await count();
    expect(before).toBe(await actual());
    const added = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 3);
    await signedInUser(suite.server);
    expect(await count()).toBe(before + 4);
    await suite.server.deps.db.deleteFrom("users").where("id", "=", added[0]!.id).execute();
    expect(await count()).toBe(before + 3);
    expect(await count()).toBe(await actual());
  });
});

describe("a kind message written before a language was added", () => {
  it("is answered in every language Kindly speaks, empty where it has no words yet", async () => {
    const server = await startTestServer();
    try {
      const { db } = server.deps;
      // Before this server's first scan reads its catalogue: the only active message has English words alone.
      await db.updateTable("kind_messages").set({ is_active: false }).execute();
      await db
        .insertInto("kind_messages")
        .values({ message: JSON.stringify({ en: "Only in English" }) as never })
        .execute();
      const user = await signedInUser(server);
      const [place] = (await buildOrganization(db)).virtual;
      const res = await user.client.post("/api/scans", { ...place!.code, ...place!.at });
      expect(res.status).toBe(201);
      expect(res.body.kindMessage).toEqual(
        Object.fromEntries(LANGUAGES.map((language) => [language, language === "en" ? "Only in English" : ""])),
      );
    } finally {
      await server.close();
    }
  });
});
