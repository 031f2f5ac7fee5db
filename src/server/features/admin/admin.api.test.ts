import { describe, expect, it } from "vitest";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import { addMember, buildOrganization, buildUsers, signedInOfficial, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { startTestServer, testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";
import { reconcileAggregates } from "../scan/index.js";

const manual = (organizationId: string, count: number, extra: Record<string, unknown> = {}) => ({
  organizationId,
  count,
  description: "Meals served at the community kitchen",
  proofType: "both",
  proofDescription: "Photos and a short video from the volunteers",
  performedOn: "2026-11-20",
  ...extra,
});

async function allActNumbers(server: TestServer): Promise<number[]> {
  const rows = await server.deps.db.selectFrom("acts").select("act_number").orderBy("act_number").execute();
  return rows.map((row) => Number(row.act_number));
}

describe.each(testDrivers())("the admin panel on %s", (driver) => {
  const suite = useTestServer(driver);

  it("records manual acts in one range that count for the organisation and for no person, and lists the batch", async () => {
    const db = suite.server.deps.db;
    const official = await signedInOfficial(suite.server);
    const { org, physical } = await buildOrganization(db);
    const scanner = await signedInUser(suite.server);
    expect((await scanner.client.post("/api/scans", physical)).status).toBe(201);
    const before = (await official.client.get("/api/admin/overview")).body;

    const answer = await official.client.post("/api/admin/manual-acts", manual(org.id, 5));
    expect(answer.status).toBe(201);
    const { start, end, count } = answer.body;
    expect({ count, span: end - start + 1 }).toEqual({ count: 5, span: 5 });
    const rows = await db.selectFrom("acts").selectAll().where("manual_batch_id", "=", answer.body.batchId).orderBy("act_number").execute();
    expect(rows.map((row) => Number(row.act_number))).toEqual([start, start + 1, start + 2, start + 3, start + 4]);
    expect(rows.every((row) => row.user_id === null && row.card_type === "manual" && row.scan_day === "2026-11-20")).toBe(true);

    const after = (await official.client.get("/api/admin/overview")).body;
    expect(after.totalActs - before.totalActs).toBe(5);
    expect(after.manualActs - before.manualActs).toBe(5);
    // The organisation's figures include them; nobody's do.
    const board = await db
      .selectFrom("leaderboard_counts")
      .select("acts")
      .where("subject_id", "=", org.id)
      .where("period", "=", "all")
      .executeTakeFirstOrThrow();
    expect(board.acts).toBe(6);
    expect((await scanner.client.get("/api/me/stats")).body.totalActs).toBe(1);
    const history = (await official.client.get("/api/admin/manual-acts")).body;
    expect(history.items[0]).toMatchObject({
      id: answer.body.batchId,
      organizationName: org.name,
      count: 5,
      start,
      end,
      proofType: "both",
      proofDescription: "Photos and a short video from the volunteers",
      performedOn: "2026-11-20",
      recordedBy: expect.any(String),
    });
    // The feed shows people's scans only.
    const feed = (await new TestClient(suite.server.url).get("/api/feed")).body;
    expect(JSON.stringify(feed)).not.toContain(`"actNumber":${end}`);
    // The organisation's dashboard counts them apart.
    await addMember(db, org.id, official.id, "owner");
    const summary = (await official.client.get(`/api/organizations/${org.id}/summary?days=30`)).body;
    expect(summary).toMatchObject({ manualActs: 5, cardScans: 1 });
    // Every aggregate still agrees with the acts.
    const report = await reconcileAggregates(db, { repair: false });
    expect(report.drift).toEqual([]);
  });

  it("refuses bad manual acts with the spec's words, in the person's language", async () => {
    const official = await signedInOfficial(suite.server);
    const { org } = await buildOrganization(suite.server.deps.db);
    const tooMany = await official.client.post("/api/admin/manual-acts", manual(org.id, 101));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({ code: "invalid_input", field: "count" });
    const noDescription = await official.client.post("/api/admin/manual-acts", manual(org.id, 3, { description: "  " }), {
      "x-kindly-language": "fr",
    });
    expect(noDescription.body.error.message).toBe("description: Veuillez remplir tous les champs obligatoires");
    const future = await official.client.post("/api/admin/manual-acts", manual(org.id, 3, { performedOn: "2099-01-01" }));
    expect(future.body.error).toMatchObject({ code: "invalid_input", field: "performedOn" });
    const unknown = await official.client.post("/api/admin/manual-acts", manual(crypto.randomUUID(), 3));
    expect(unknown.status).toBe(404);
  });

  it("suspends an account: its session stops at once, it cannot sign in again until restored", async () => {
    const official = await signedInOfficial(suite.server);
    const person = await signedInUser(suite.server);
    const { physical } = await buildOrganization(suite.server.deps.db);
    expect((await person.client.get("/api/me/stats")).status).toBe(200);

    expect((await official.client.post(`/api/admin/users/${person.id}/suspend`)).status).toBe(204);
    expect((await person.client.get("/api/me/stats")).status).toBe(401);
    expect((await person.client.post("/api/scans", physical)).status).toBe(401);
    const again = await new TestClient(suite.server.url).post("/api/auth/sign-in", { email: person.email, password: person.password });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe("account_suspended");
    const listed = (await official.client.get(`/api/admin/users?q=${encodeURIComponent(person.email)}`)).body.items;
    expect(listed).toEqual([expect.objectContaining({ id: person.id, suspended: true })]);

    expect((await official.client.post(`/api/admin/users/${person.id}/restore`)).status).toBe(204);
    const restored = new TestClient(suite.server.url);
    expect((await restored.post("/api/auth/sign-in", { email: person.email, password: person.password })).status).toBe(200);
    expect((await restored.post("/api/scans", physical)).status).toBe(201);
    // The official account itself cannot be suspended.
    const self = await official.client.post(`/api/admin/users/${official.id}/suspend`);
    expect(self.body.error.code).toBe("official_account_protected");
  });

  it("lists users by acts and finds them by the start of a username or an address; roles change through the role policy", async () => {
    const db = suite.server.deps.db;
    const official = await signedInOfficial(suite.server);
    const person = await signedInUser(suite.server);
    const { physical } = await buildOrganization(db);
    await person.client.post("/api/scans", physical);
    const top = (await official.client.get("/api/admin/users")).body;
    expect(top.items.length).toBeLessThanOrEqual(20);
    expect(top.items.every((u: { totalActs: number }, i: number) => i === 0 || top.items[i - 1].totalActs >= u.totalActs)).toBe(true);
    const byName = (await official.client.get(`/api/admin/users?q=${person.username.slice(0, 5).toUpperCase()}`)).body.items;
    expect(byName.map((u: { id: string }) => u.id)).toContain(person.id);
    // LIKE's wildcards are plain characters in a search.
    expect((await official.client.get("/api/admin/users?q=%25")).body.items).toEqual([]);

    expect((await official.client.post(`/api/users/${person.id}/roles`, { role: "business" })).status).toBe(201);
    expect((await official.client.get(`/api/admin/users?q=${person.email}`)).body.items[0].roles).toEqual(["business"]);
    expect((await official.client.delete(`/api/users/${person.id}/roles/business`)).status).toBe(204);
    expect((await official.client.get(`/api/admin/users?q=${person.email}`)).body.items[0].roles).toEqual([]);
    // Someone else may not take a role away.
    const other = await signedInUser(suite.server);
    expect((await other.client.delete(`/api/users/${person.id}/roles/business`)).status).toBe(403);
  });

  it("lists members by acts, most first, with each one's total", async () => {
    const db = suite.server.deps.db;
    const official = await signedInOfficial(suite.server);
    const [first, second, third] = await Promise.all([buildOrganization(db), buildOrganization(db), buildOrganization(db)]);
    const more = await signedInUser(suite.server);
    const fewer = await signedInUser(suite.server);
    for (const organization of [first!, second!]) expect((await more.client.post("/api/scans", organization.physical)).status).toBe(201);
    expect((await fewer.client.post("/api/scans", third!.physical)).status).toBe(201);

    const items: { id: string; totalActs: number }[] = (await official.client.get("/api/admin/users?order=acts")).body.items;
    const ranked = items.filter((item) => item.id === more.id || item.id === fewer.id);
    expect(ranked).toEqual([
      expect.objectContaining({ id: more.id, totalActs: 2 }),
      expect.objectContaining({ id: fewer.id, totalActs: 1 }),
    ]);
    // Totals are never below what follows them.
    expect(items.map((item) => item.totalActs)).toEqual([...items.map((item) => item.totalActs)].sort((a, b) => b - a));
  });

  it("creates organisations with a unique org code and lists them newest first", async () => {
    const official = await signedInOfficial(suite.server);
    const code = `KIND-${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await official.client.post("/api/admin/organizations", {
      name: "Maison du partage",
      type: "non-profit",
      industry: "social-services",
      orgCode: code.toLowerCase(),
    });
    expect(created.status).toBe(201);
    const twice = await official.client.post(
      "/api/admin/organizations",
      { name: "Other", type: "company", orgCode: code },
      { "x-kindly-language": "fr" },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: "org_code_taken", field: "orgCode" });
    const missing = await official.client.post("/api/admin/organizations", { name: "", type: "company", orgCode: "" });
    expect(missing.body.error.message).toContain("Name and org code are required");
    const list = (await official.client.get("/api/admin/organizations")).body;
    expect(list.items[0]).toMatchObject({ id: created.body.id, orgCode: code, type: "non-profit", members: 0 });
    expect((await official.client.get(`/api/admin/organizations?q=${encodeURIComponent("maison du")}`)).body.items[0].id).toBe(
      created.body.id,
    );
    // The official account opens its dashboard.
    expect((await official.client.get(`/api/organizations/${created.body.id}/summary?days=7`)).status).toBe(200);
  });

  it("computes analytics and system status from data, and logs mail and refusals", async () => {
    const db = suite.server.deps.db;
    const official = await signedInOfficial(suite.server);
    const analytics = (await official.client.get("/api/admin/analytics?days=30")).body;
    expect(analytics.actsPerDay).toHaveLength(30);
    expect(analytics.actsPerDay.at(-1).day).toBe(newYorkDay(new Date()));
    expect(analytics.topCountries.length).toBeLessThanOrEqual(5);
    expect(analytics.newMembersPerWeek.at(-1).members).toBeGreaterThanOrEqual(1);
    expect((await official.client.get("/api/admin/analytics?days=12")).status).toBe(400);

    // A failed send is logged as such (the official account's own address is sent nowhere in the outbox).
    await db
      .insertInto("mail_log")
      .values({ kind: "confirmEmail", recipient: "a•••@example.test", subject: "Confirm", status: "failed", error: "connection refused" })
      .execute();
    // Requests past a limit are refused and counted per rule (the count is written beside the refusal).
    const rule = `test-rule-${crypto.randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 4; i++) await suite.server.deps.limiter.hit(`${rule}:someone`, 1, 60);
    await expect
      .poll(async () => (await official.client.get("/api/admin/system")).body.refusals, { timeout: 10_000 })
      .toContainEqual({ rule, refusals: 3 });
    const status = (await official.client.get("/api/admin/system?failedOnly=true")).body;
    expect(status.database.kind).toBe("postgresql");
    expect(status.mail.transport).toBe("outbox");
    expect(status.mailFailures).toBeGreaterThanOrEqual(1);
    expect(status.mailLog[0]).toMatchObject({ status: "failed", error: "connection refused" });
    const sent = (await official.client.get("/api/admin/system")).body.mailLog;
    // Confirmation emails of the accounts made above, recipients masked.
    expect(
      sent.some((entry: { kind: string; recipient: string }) => entry.kind === "confirmEmail" && entry.recipient.includes("•••@")),
    ).toBe(true);
  });
});

describe("manual acts while scans flow through two processes", () => {
  it("give each batch one contiguous range and every act a distinct number, with no gap", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const db = first.deps.db;
      const official = await signedInOfficial(first);
      const users = await buildUsers(db, first.deps.auth, 40);
      const { org, virtual } = await buildOrganization(db, { type: "company", locations: 5 });
      const scans = users.flatMap((user, u) =>
        virtual.map((place, p) =>
          new TestClient(((u + p) % 2 ? second : first).url, { cookie: user.cookie }).post("/api/scans", { ...place.code, ...place.at }),
        ),
      );
      const secondOfficial = new TestClient(second.url, { cookie: official.client.cookieHeader() });
      const batches = [7, 13, 25, 100].map((count, i) =>
        (i % 2 ? secondOfficial : official.client).post("/api/admin/manual-acts", manual(org.id, count)),
      );
      const [scanResults, batchResults] = await Promise.all([Promise.all(scans), Promise.all(batches)]);
      expect(scanResults.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
      expect(batchResults.map((r) => r.status)).toEqual([201, 201, 201, 201]);

      const numbers = await allActNumbers(first);
      expect(numbers).toHaveLength(200 + 145);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      const scanNumbers = new Set(scanResults.map((r) => r.body.actNumber as number));
      for (const batch of batchResults) {
        const { start, end, count } = batch.body;
        expect(end - start + 1).toBe(count);
        for (let n = start; n <= end; n++) expect(scanNumbers.has(n)).toBe(false);
        const rows = await db.selectFrom("acts").select("act_number").where("manual_batch_id", "=", batch.body.batchId).execute();
        expect(rows.map((row) => Number(row.act_number)).sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => start + i));
      }
      expect((await reconcileAggregates(db, { repair: false })).drift).toEqual([]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe("the System status's free space", () => {
  it("shows the data and upload folders' free space, and warns below DISK_WARNING_MB", async () => {
    // A threshold no disk reaches: every folder is "low".
    const server = await startTestServer("postgres", { env: { DISK_WARNING_MB: "100000000" } });
    try {
      const official = await signedInOfficial(server);
      const status = (await official.client.get("/api/admin/system")).body;
      expect(status.storage.kind).toBe("local");
      expect(status.disk).toEqual([
        { store: "data", location: expect.any(String), freeBytes: expect.any(Number), low: true },
        { store: "uploads", location: status.storage.location, freeBytes: expect.any(Number), low: true },
      ]);
      expect(status.disk[0].freeBytes).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
