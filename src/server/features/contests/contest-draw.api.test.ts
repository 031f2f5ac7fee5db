import { createHash, createHmac } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { buildContest, buildOrganization, buildUsers, outboxFor, signedInOfficial, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { verifyPublishedDraw } from "./verify-draw-command.js";
import { drawDueContests } from "./contest-auto-draw.js";

const DAY = 86_400_000;

/**
 * The published draw recomputed from scratch, written apart from
 * shared/contests/draw.ts on purpose, from the rules its page states:
 * sorted "<entrant> <tickets>\n" lines; HMAC-SHA256(seed, "<digest>:<i>:<attempt>");
 * the first 6 bytes as a number, rejected above the largest multiple of the
 * remaining tickets; the ticket's owner wins and leaves the list.
 */
function recompute(seed: string, entries: { entrant: string; tickets: number }[], slots: number) {
  const sorted = [...entries].sort((a, b) => Buffer.compare(Buffer.from(a.entrant), Buffer.from(b.entrant)));
  const list = sorted.map((e) => `${e.entrant} ${e.tickets}\n`).join("");
  const digest = createHash("sha256").update(list).digest("hex");
  const remaining = [...sorted];
  const winners: { drawOrder: number; entrant: string }[] = [];
  for (let i = 0; i < slots && remaining.length > 0; i++) {
    const total = BigInt(remaining.reduce((sum, e) => sum + e.tickets, 0));
    const range = 2n ** 48n;
    let ticket = -1n;
    for (let attempt = 0; ticket < 0n; attempt++) {
      const x = BigInt(`0x${createHmac("sha256", seed).update(`${digest}:${i}:${attempt}`).digest("hex").slice(0, 12)}`);
      if (x < range - (range % total)) ticket = x % total;
    }
    let index = 0;
    while (ticket >= BigInt(remaining[index]!.tickets)) ticket -= BigInt(remaining[index++]!.tickets);
    winners.push({ drawOrder: i + 1, entrant: remaining.splice(index, 1)[0]!.entrant });
  }
  return { digest, winners };
}

const prizes = [
  { category: { en: "Grand prize", fr: "Grand prix" }, prize: { en: "A bike", fr: "Un vélo" }, quantity: 1 },
  { category: { en: "Local", fr: "Local" }, prize: { en: "Dinner for two", fr: "Un souper pour deux" }, quantity: 2 },
];

describe.each(testDrivers())("contest draws on %s", (driver) => {
  const suite = useTestServer(driver);

  it("draws once after the end, publishes seed and list, and anyone recomputes the same winners", async () => {
    const db = suite.server.deps.db;
    const official = await signedInOfficial(suite.server);
    const contest = await buildContest(db, { startsAt: new Date(Date.now() - 10 * DAY), endsAt: new Date(Date.now() - DAY), prizes });
    const people = await buildUsers(db, suite.server.deps.auth, 12);
    await db
      .insertInto("contest_entries")
      .values(people.map((person, i) => ({ contest_id: contest.id, user_id: person.id, tickets: i + 1 })))
      .execute();
    const visitor = new TestClient(suite.server.url);

    const before = (await visitor.get(`/api/contests/${contest.id}/draw`)).body;
    expect(before).toMatchObject({ seed: null, ticketDigest: null, entries: [], winners: [], slots: 3 });
    expect(before.seedHash).toMatch(/^[0-9a-f]{64}$/);

    expect((await official.client.post(`/api/admin/contests/${contest.id}/draw`)).status).toBe(204);
    const twice = await official.client.post(`/api/admin/contests/${contest.id}/draw`);
    expect(twice.body.error.code).toBe("contest_already_drawn");

    const proof = (await visitor.get(`/api/contests/${contest.id}/draw`, { "x-kindly-language": "fr" })).body;
    expect(createHash("sha256").update(proof.seed).digest("hex")).toBe(before.seedHash);
    expect(proof.entries.map((e: { tickets: number }) => e.tickets).sort((a: number, b: number) => a - b)).toEqual(
      people.map((_, i) => i + 1),
    );
    const again = recompute(proof.seed, proof.entries, proof.slots);
    expect(again.digest).toBe(proof.ticketDigest);
    expect(proof.winners.map((w: { drawOrder: number; entrant: string }) => ({ drawOrder: w.drawOrder, entrant: w.entrant }))).toEqual(
      again.winners,
    );
    expect(proof.winners.map((w: { prize: string }) => w.prize)).toEqual(["Un vélo", "Un souper pour deux", "Un souper pour deux"]);

    // The operator's command checks it too, from the draw page's own address (HTML for people: its proof
    // is read from the API), against the fingerprint published at creation; a tampered copy fails.
    const lines: string[] = [];
    const page = `${suite.server.url}/contests/${contest.id}/draw`;
    expect(await verifyPublishedDraw([page, "--commitment", before.seedHash], (line) => lines.push(line))).toBe(0);
    expect(lines).toContain("seed matches the fingerprint given:  yes");
    expect(lines).toContain("winners match the recomputed draw:   yes");
    expect(
      await verifyPublishedDraw([`${suite.server.url}/api/contests/${contest.id}/draw`, "--commitment", before.seedHash], () => undefined),
    ).toBe(0);
    // Against another fingerprint than the one published at creation, the same draw fails; without one, the command asks for it.
    expect(await verifyPublishedDraw([page, "--commitment", "0".repeat(64)], () => undefined)).toBe(1);
    const asked: string[] = [];
    expect(await verifyPublishedDraw([page], (line) => asked.push(line))).toBe(2);
    expect(asked.join(" ")).toMatch(/published when the contest was created/);
    // A copy whose seed and fingerprint were both replaced vouches for itself, and is caught by the fingerprint given.
    const forged = path.join(tmpdir(), `forged-${contest.id}.json`);
    const otherSeed = "f".repeat(64);
    await writeFile(forged, JSON.stringify({ ...proof, seed: otherSeed, seedHash: createHash("sha256").update(otherSeed).digest("hex") }));
    expect(await verifyPublishedDraw([forged, "--commitment", before.seedHash], () => undefined)).toBe(1);
    const tampered = path.join(tmpdir(), `draw-${contest.id}.json`);
    await writeFile(
      tampered,
      JSON.stringify({
        ...proof,
        entries: proof.entries.map((e: { tickets: number }, i: number) => (i ? e : { ...e, tickets: e.tickets + 1 })),
      }),
    );
    expect(await verifyPublishedDraw([tampered, "--commitment", before.seedHash], () => undefined)).toBe(1);

    // Winners are mailed; the panel shows when, and the 48-hour deadline; contact is recorded.
    const listed = (await official.client.get("/api/admin/contests")).body.contests.find((c: { id: string }) => c.id === contest.id);
    expect(listed.winners).toHaveLength(3);
    for (const winner of listed.winners) {
      expect(winner.emailedAt).not.toBeNull();
      expect(Date.parse(winner.contactBy) - Date.parse(listed.drawnAt)).toBe(48 * 3_600_000);
      expect((await outboxFor(suite.server, winner.email)).map((m: { subject: string }) => m.subject)).toContainEqual(
        expect.stringContaining("You won a prize"),
      );
    }
    const contacted = await official.client.put(`/api/admin/contests/${contest.id}/winners/1/contacted`, { contacted: true });
    expect(contacted.status).toBe(204);
    const after = (await official.client.get("/api/admin/contests")).body.contests.find((c: { id: string }) => c.id === contest.id);
    expect(after.winners[0].contactedAt).not.toBeNull();
    // A drawn contest no longer changes.
    const edit = await official.client.put(`/api/admin/contests/${contest.id}`, {
      name: { en: "x", fr: "x" },
      startsAt: listed.startsAt,
      endsAt: listed.endsAt,
      prizes: [{ category: { en: "a", fr: "a" }, name: { en: "a", fr: "a" }, quantity: 1 }],
    });
    expect(edit.body.error.code).toBe("contest_already_drawn");
  });

  it("runs a contest made in the panel: tickets from scans, ended now, drawn, and the entrant finds their code", async () => {
    const db = suite.server.deps.db;
    const official = await signedInOfficial(suite.server);
    const created = await official.client.post("/api/admin/contests", {
      name: { en: "Kindness week", fr: "Semaine de la bienveillance" },
      description: { en: "Every act is a ticket.", fr: "Chaque acte est un billet." },
      // A start in the past means now.
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
      prizes: [{ category: { en: "Grand prize", fr: "Grand prix" }, name: { en: "A bike", fr: "Un vélo" }, quantity: 1 }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const saved = (await official.client.get("/api/admin/contests")).body.contests.find((c: { id: string }) => c.id === id);
    expect(Date.parse(saved.startsAt)).toBeGreaterThan(Date.now() - 60_000);
    await sleep(5);

    const person = await signedInUser(suite.server);
    const codes = await buildOrganization(db);
    expect((await person.client.post("/api/scans", codes.physical)).status).toBe(201);
    expect((await person.client.post("/api/scans", { ...codes.virtual[0]!.code, ...codes.virtual[0]!.at })).status).toBe(201);
    const early = await official.client.post(`/api/admin/contests/${id}/draw`);
    expect(early.body.error.code).toBe("contest_not_ended");

    // Running: the start is fixed; the end may move to now ("end now"), never before.
    const body = { ...saved, prizes: saved.prizes };
    const moved = await official.client.put(`/api/admin/contests/${id}`, { ...body, startsAt: new Date().toISOString() });
    expect(moved.body.error.field).toBe("startsAt");
    expect((await official.client.put(`/api/admin/contests/${id}`, { ...body, endsAt: new Date().toISOString() })).status).toBe(204);
    await sleep(5);
    expect((await official.client.post(`/api/admin/contests/${id}/draw`)).status).toBe(204);

    const proof = (await person.client.get(`/api/contests/${id}/draw`)).body;
    expect(proof.mine).toEqual({ entrant: expect.any(String), tickets: 2 });
    expect(proof.entries).toContainEqual({ entrant: proof.mine.entrant, tickets: 2 });
    expect(recompute(proof.seed, proof.entries, proof.slots).winners).toEqual(
      proof.winners.map((w: { drawOrder: number; entrant: string }) => ({ drawOrder: w.drawOrder, entrant: w.entrant })),
    );
  });

  it("draws a contest on its own once its grace has passed, once, however many servers look at the same moment", async () => {
    const { db, mailer, notifier, config } = suite.server.deps;
    const official = await signedInOfficial(suite.server);
    const endsAt = new Date(Date.now() - 5_000);
    const contest = await buildContest(db, { startsAt: new Date(Date.now() - 10 * DAY), endsAt, prizes });
    const people = await buildUsers(db, suite.server.deps.auth, 4);
    await db
      .insertInto("contest_entries")
      .values(people.map((person) => ({ contest_id: contest.id, user_id: person.id, tickets: 2 })))
      .execute();
    const deps = { db, mailer, notifier, appUrl: config.APP_URL, graceMs: 60_000 };

    // Within the grace, nothing is drawn yet.
    expect(await drawDueContests(deps, new Date(endsAt.getTime() + 30_000))).not.toContain(contest.id);
    // After it: three servers look at once; exactly one draws.
    const after = new Date(endsAt.getTime() + 61_000);
    const drawn = (await Promise.all([drawDueContests(deps, after), drawDueContests(deps, after), drawDueContests(deps, after)])).flat();
    expect(drawn.filter((id) => id === contest.id)).toHaveLength(1);
    const proof = (await new TestClient(suite.server.url).get(`/api/contests/${contest.id}/draw`)).body;
    expect(proof.seed).toMatch(/^[0-9a-f]+$/);
    expect(proof.winners).toHaveLength(3);
    // The official's button, the fallback, finds it drawn.
    expect((await official.client.post(`/api/admin/contests/${contest.id}/draw`)).body.error.code).toBe("contest_already_drawn");
  });
});
