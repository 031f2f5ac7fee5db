import { describe, expect, it } from "vitest";
import { insertLocation } from "../organizations/fixtures.js";
import { buildContest, buildOrganization, signedInOfficial, signedInUser } from "../../test/factories.js";
import { startSmtpCapture } from "../../test/smtp-capture.js";
import { createMailer } from "../../platform/mail/mailer.js";
import { TestClient } from "../../test/http-client.js";
import { startTestServer, testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";
import { reconcileAggregates } from "../scan/index.js";
import { recordScan } from "../scan/index.js";
import { runAnomalyDigest } from "./anomaly-service.js";

const MINUTE = 60_000;
const TORONTO = { lat: 43.6532, lon: -79.3832 };

async function flagsOf(client: TestClient, userId: string, status: "open" | "all" = "open") {
  const answer = await client.get(`/api/admin/anomalies?status=${status}`);
  expect(answer.status).toBe(200);
  return (answer.body.items as { userId: string; kind: string }[]).filter((flag) => flag.userId === userId);
}

/** The digest goes to the official account, whose mail the development outbox never keeps: it goes through SMTP here. */
async function digestDeps(server: TestServer, smtpUrl: string) {
  const mailer = await createMailer({ ...server.deps.config, SMTP_URL: smtpUrl }, server.deps.db, () => undefined);
  return { db: server.deps.db, mailer, appUrl: "http://kindly.test" };
}

async function expectNoDrift(server: TestServer) {
  expect((await reconcileAggregates(server.deps.db, { repair: false })).drift).toEqual([]);
}

describe.each(testDrivers({ replica: true }))("anomaly review and voided acts on %s", (driver) => {
  const suite = useTestServer(driver);

  /** A scan in Montréal at noon that day, then one in Toronto minutes later (refused); returns the first. */
  async function montrealThenToronto(userId: string, day: string) {
    const { db, numbering } = suite.server.deps;
    const { org, virtual } = await buildOrganization(db);
    const toronto = await insertLocation(db, org.id, { name: "Toronto", latitude: TORONTO.lat, longitude: TORONTO.lon });
    const noon = new Date(`${day}T17:00:00Z`);
    const first = await recordScan({ db, numbering, userId, request: { ...virtual[0]!.code, ...virtual[0]!.at }, now: noon });
    const refused = recordScan({
      db,
      numbering,
      userId,
      request: { org: org.org_code, loc: toronto.qr_token, type: "virtual", ...TORONTO },
      now: new Date(noon.getTime() + 10 * MINUTE),
    });
    await expect(refused).rejects.toMatchObject({ code: "impossible_travel" });
    return first;
  }

  it("flags a scan refused for impossible travel, for the official account only", async () => {
    const official = await signedInOfficial(suite.server);
    const person = await signedInUser(suite.server);
    await montrealThenToronto(person.id, "2026-03-10");

    const [flag] = await flagsOf(official.client, person.id);
    expect(flag).toMatchObject({ kind: "impossible_travel", day: "2026-03-10", occurrences: 1, username: person.username, status: "open" });
    expect((flag as unknown as { detail: { distanceKm: number; speedKmh: number } }).detail).toMatchObject({ distanceKm: 504 });
    // Nobody else reads the queue or voids acts.
    expect((await person.client.get("/api/admin/anomalies")).status).toBe(403);
    expect((await new TestClient(suite.server.url).get("/api/admin/anomalies")).status).toBe(401);
    expect((await person.client.post(`/api/admin/acts/${randomId()}/void`, { reason: "Not me" })).status).toBe(403);
  });

  it("finds a day's bursts and copied positions once, and mails the official account the digest", async () => {
    const { db, numbering } = suite.server.deps;
    const official = await signedInOfficial(suite.server);
    const person = await signedInUser(suite.server);
    const walker = await signedInUser(suite.server);
    const { virtual } = await buildOrganization(db, { locations: 10 });
    const start = new Date("2026-03-11T15:00:00Z");
    // Ten places in ten minutes, each at the place's exact published coordinates.
    for (const [i, place] of virtual.entries()) {
      await recordScan({
        db,
        numbering,
        userId: person.id,
        request: { ...place.code, ...place.at },
        now: new Date(start.getTime() + i * MINUTE),
      });
    }
    // Three places over an afternoon, with a phone's own positions: nothing unusual.
    for (const [i, place] of virtual.slice(0, 3).entries()) {
      const at = { lat: place.at.lat + 0.0002, lon: place.at.lon - 0.0001 };
      await recordScan({
        db,
        numbering,
        userId: walker.id,
        request: { ...place.code, ...at },
        now: new Date(start.getTime() + i * 60 * MINUTE),
      });
    }

    const smtp = await startSmtpCapture();
    const deps = await digestDeps(suite.server, smtp.url);
    const counts = await runAnomalyDigest(deps, new Date("2026-03-12T14:00:00Z"));
    expect(counts?.get("burst")).toBeGreaterThanOrEqual(1);
    expect(counts?.get("copied_position")).toBeGreaterThanOrEqual(1);
    const flags = await flagsOf(official.client, person.id);
    expect(flags.map((flag) => flag.kind).sort()).toEqual(["burst", "copied_position"]);
    expect(flags.find((flag) => flag.kind === "burst")).toMatchObject({ day: "2026-03-11", detail: { acts: 10, minutes: 15 } });
    expect(await flagsOf(official.client, walker.id)).toEqual([]);
    try {
      expect(smtp.received.map((mail) => mail.to)).toEqual([[official.email.toLowerCase()]]);
      expect(smtp.received[0]!.data).toMatch(/Subject: Kindly: \d+ unusual scan patterns? to review/);
      expect(smtp.received[0]!.data.replace(/=\r?\n/g, "")).toContain("http://kindly.test/admin?tab=3Dreview");
      // Later runs that day, from any process, send nothing more.
      expect(await runAnomalyDigest(deps, new Date("2026-03-12T20:00:00Z"))).toBeNull();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("voids an act with a reason: every total, board and count forgets it, and the number stays taken", async () => {
    const { db } = suite.server.deps;
    const official = await signedInOfficial(suite.server);
    const person = await signedInUser(suite.server);
    const { org, virtual } = await buildOrganization(db, { locations: 3 });
    const acts = [];
    for (const place of virtual) acts.push((await person.client.post("/api/scans", { ...place.code, ...place.at })).body);
    expect(acts.map((act) => act.status)).toEqual(["success", "success", "success"]);
    const before = {
      stats: (await official.client.get("/api/stats")).body,
      mine: (await person.client.get("/api/me/stats")).body,
      history: (await person.client.get("/api/me/acts")).body,
    };
    const orgBoard = async () =>
      (
        await db
          .selectFrom("leaderboard_counts")
          .select("acts")
          .where("subject_id", "=", org.id)
          .where("period", "=", "all")
          .executeTakeFirst()
      )?.acts;
    expect(await orgBoard()).toBe(3);

    const tooShort = await official.client.post(`/api/admin/acts/${acts[1].actId}/void`, { reason: " x " });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error.field).toBe("reason");
    const voided = await official.client.post(`/api/admin/acts/${acts[1].actId}/void`, { reason: "Scanned from a photo of the code" });
    expect(voided.status).toBe(204);

    expect((await official.client.get("/api/stats")).body.totalActs).toBe(before.stats.totalActs - 1);
    expect((await person.client.get("/api/me/stats")).body.totalActs).toBe(before.mine.totalActs - 1);
    const history = (await person.client.get("/api/me/acts")).body;
    expect(history.acts.map((act: { actNumber: number }) => act.actNumber)).not.toContain(acts[1].actNumber);
    expect(history.acts).toHaveLength(before.history.acts.length - 1);
    expect(await orgBoard()).toBe(2);
    await expectNoDrift(suite.server);
    // Voided once only; and the next scan's number is new, not the voided one's.
    const again = await official.client.post(`/api/admin/acts/${acts[1].actId}/void`, { reason: "Twice" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("act_already_voided");
    const { virtual: more } = await buildOrganization(db);
    const next = (await person.client.post("/api/scans", { ...more[0]!.code, ...more[0]!.at })).body;
    expect(next.actNumber).toBeGreaterThan(acts[2].actNumber);
  });

  it("gives a voided act's contest ticket back, and keeps an act whose ticket is in a contest already drawn", async () => {
    const { db } = suite.server.deps;
    const official = await signedInOfficial(suite.server);
    const person = await signedInUser(suite.server);
    const { virtual } = await buildOrganization(db, { locations: 2 });
    // From now: the acts of the tests before were made before it, and give it no ticket.
    const contest = await buildContest(db, { startsAt: new Date() });
    const tickets = async () =>
      (
        await db
          .selectFrom("contest_entries")
          .select("tickets")
          .where("contest_id", "=", contest.id)
          .where("user_id", "=", person.id)
          .executeTakeFirst()
      )?.tickets;
    try {
      const acts = [];
      for (const place of virtual) acts.push((await person.client.post("/api/scans", { ...place.code, ...place.at })).body);
      expect(await tickets()).toBe(2);

      expect((await official.client.post(`/api/admin/acts/${acts[0].actId}/void`, { reason: "Scanned from a photo" })).status).toBe(204);
      expect(await tickets()).toBe(1);
      await expectNoDrift(suite.server);

      // Drawn, the contest's list of tickets is published: its acts stay.
      await db.updateTable("contests").set({ drawn_at: new Date() }).where("id", "=", contest.id).execute();
      const refused = await official.client.post(`/api/admin/acts/${acts[1].actId}/void`, { reason: "Scanned from a photo" });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe("act_in_drawn_contest");
      expect(await tickets()).toBe(1);
    } finally {
      // The contest runs now: the later tests' acts would give it tickets, and their voids be refused.
      await db.deleteFrom("contest_entries").where("contest_id", "=", contest.id).execute();
      await db.deleteFrom("contests").where("id", "=", contest.id).execute();
    }
  });

  it("shows a flag's acts with the voided ones and their reason, and records the review", async () => {
    const official = await signedInOfficial(suite.server);
    const person = await signedInUser(suite.server);
    const first = await montrealThenToronto(person.id, "2026-03-13");
    const [flag] = await flagsOf(official.client, person.id);
    expect((await official.client.post(`/api/admin/acts/${first.actId}/void`, { reason: "Shared a photo of the code" })).status).toBe(204);

    const { acts } = (await official.client.get(`/api/admin/anomalies/${(flag as unknown as { id: string }).id}/acts`)).body;
    expect(acts).toEqual([
      expect.objectContaining({
        id: first.actId,
        actNumber: first.actNumber,
        distanceMeters: 0,
        voided: expect.objectContaining({ reason: "Shared a photo of the code" }),
      }),
    ]);
    const id = (flag as unknown as { id: string }).id;
    expect((await official.client.post(`/api/admin/anomalies/${id}/review`, { decision: "resolved", note: "Voided the act" })).status).toBe(
      204,
    );
    expect(await flagsOf(official.client, person.id)).toEqual([]);
    expect(await flagsOf(official.client, person.id, "all")).toEqual([
      expect.objectContaining({ id, status: "resolved", reviewNote: "Voided the act" }),
    ]);
    expect((await official.client.post(`/api/admin/anomalies/${randomId()}/review`, { decision: "dismissed" })).status).toBe(404);
  });
});

describe("voiding acts through two processes", () => {
  it("voids each act once when voids race each other and the person's scans", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const db = first.deps.db;
      const official = await signedInOfficial(first);
      const person = await signedInUser(first);
      const { virtual } = await buildOrganization(db, { locations: 12 });
      const acts = [];
      for (const place of virtual.slice(0, 6)) acts.push((await person.client.post("/api/scans", { ...place.code, ...place.at })).body);
      const officialThere = new TestClient(second.url, { cookie: official.client.cookieHeader() });
      const personThere = new TestClient(second.url, { cookie: person.client.cookieHeader() });
      const voids = acts.flatMap((act, i) =>
        [official.client, officialThere].map((client) => client.post(`/api/admin/acts/${act.actId}/void`, { reason: `Review ${i}` })),
      );
      const scans = virtual
        .slice(6)
        .map((place, i) => (i % 2 ? personThere : person.client).post("/api/scans", { ...place.code, ...place.at }));
      const [voidResults, scanResults] = await Promise.all([Promise.all(voids), Promise.all(scans)]);
      expect(scanResults.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(voidResults.filter((r) => r.status === 204)).toHaveLength(6);
      expect(voidResults.filter((r) => r.status !== 204).map((r) => r.body.error.code)).toEqual(Array(6).fill("act_already_voided"));
      expect((await person.client.get("/api/me/stats")).body.totalActs).toBe(6);
      await expectNoDrift(first);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

function randomId() {
  return `missing-${Math.random().toString(36).slice(2)}`;
}
