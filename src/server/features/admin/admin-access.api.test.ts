import { describe, expect, it } from "vitest";
import { addMember, buildContest, buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { addRole, makeOfficial } from "../users/index.js";

type Ids = {
  organizationId: string;
  userId: string;
  contestId: string;
  requestId: string;
  messageId: string;
  contestDates: { startsAt: string; endsAt: string };
};

const contestBody = () => ({
  name: { en: "Spring draw", fr: "Tirage du printemps" },
  startsAt: new Date(Date.now() + 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  prizes: [{ category: { en: "Grand prize", fr: "Grand prix" }, name: { en: "A bike", fr: "Un vélo" }, quantity: 1 }],
});

/** Every admin endpoint, as a valid call (a malformed one is a 400 whoever sends it). */
const ENDPOINTS: { route: string; call: (client: TestClient, ids: Ids) => Promise<{ status: number }> }[] = [
  { route: "GET /api/admin/overview", call: (c) => c.get("/api/admin/overview") },
  {
    route: "POST /api/admin/manual-acts",
    call: (c, i) =>
      c.post("/api/admin/manual-acts", {
        organizationId: i.organizationId,
        count: 2,
        description: "Snow shovelling for neighbours",
        proofType: "photo",
        performedOn: "2026-11-01",
      }),
  },
  { route: "GET /api/admin/manual-acts", call: (c) => c.get("/api/admin/manual-acts") },
  { route: "GET /api/admin/organizations", call: (c) => c.get("/api/admin/organizations?q=org") },
  {
    route: "POST /api/admin/organizations",
    call: (c) =>
      c.post("/api/admin/organizations", { name: "Made here", type: "non-profit", orgCode: `T-${crypto.randomUUID().slice(0, 8)}` }),
  },
  { route: "GET /api/admin/users", call: (c) => c.get("/api/admin/users?order=newest") },
  { route: "POST /api/admin/users/:userId/suspend", call: (c, i) => c.post(`/api/admin/users/${i.userId}/suspend`) },
  { route: "POST /api/admin/users/:userId/restore", call: (c, i) => c.post(`/api/admin/users/${i.userId}/restore`) },
  { route: "GET /api/admin/analytics", call: (c) => c.get("/api/admin/analytics?days=7") },
  { route: "GET /api/admin/system", call: (c) => c.get("/api/admin/system") },
  { route: "GET /api/admin/contests", call: (c) => c.get("/api/admin/contests") },
  { route: "POST /api/admin/contests", call: (c) => c.post("/api/admin/contests", contestBody()) },
  {
    // A contest that has ended keeps its dates; its texts and prizes may still change before the draw.
    route: "PUT /api/admin/contests/:contestId",
    call: (c, i) => c.put(`/api/admin/contests/${i.contestId}`, { ...contestBody(), ...i.contestDates }),
  },
  { route: "POST /api/admin/contests/:contestId/draw", call: (c, i) => c.post(`/api/admin/contests/${i.contestId}/draw`) },
  { route: "POST /api/admin/contests/:contestId/mail-winners", call: (c, i) => c.post(`/api/admin/contests/${i.contestId}/mail-winners`) },
  {
    route: "PUT /api/admin/contests/:contestId/winners/:drawOrder/contacted",
    call: (c, i) => c.put(`/api/admin/contests/${i.contestId}/winners/1/contacted`, { contacted: true }),
  },
  { route: "GET /api/admin/organization-requests", call: (c) => c.get("/api/admin/organization-requests") },
  {
    route: "POST /api/admin/organization-requests/:requestId/approve",
    call: (c, i) => c.post(`/api/admin/organization-requests/${i.requestId}/approve`),
  },
  {
    route: "POST /api/admin/organization-requests/:requestId/decline",
    call: (c, i) => c.post(`/api/admin/organization-requests/${i.requestId}/decline`, { reason: "Not a fit" }),
  },
  { route: "GET /api/admin/moderation", call: (c) => c.get("/api/admin/moderation?view=hidden") },
  // No such team: the official account gets the 404, everyone else is refused before.
  { route: "POST /api/admin/teams/:id/close", call: (c) => c.post("/api/admin/teams/no-such-team/close") },
  { route: "GET /api/admin/deletion-requests", call: (c) => c.get("/api/admin/deletion-requests") },
  { route: "GET /api/admin/anomalies", call: (c) => c.get("/api/admin/anomalies?status=all") },
  // No such flag or act: the official account gets the 404, everyone else is refused before.
  { route: "GET /api/admin/anomalies/:flagId/acts", call: (c) => c.get("/api/admin/anomalies/no-such-flag/acts") },
  {
    route: "POST /api/admin/anomalies/:flagId/review",
    call: (c) => c.post("/api/admin/anomalies/no-such-flag/review", { decision: "dismissed", note: "" }),
  },
  { route: "POST /api/admin/acts/:actId/void", call: (c) => c.post("/api/admin/acts/no-such-act/void", { reason: "Photo of a code" }) },
  {
    route: "POST /api/admin/moderation/:type/:id/hide",
    call: (c, i) => c.post(`/api/admin/moderation/message/${i.messageId}/hide`, { reason: "Spam" }),
  },
  { route: "POST /api/admin/moderation/:type/:id/restore", call: (c, i) => c.post(`/api/admin/moderation/message/${i.messageId}/restore`) },
  { route: "POST /api/admin/moderation/:type/:id/dismiss", call: (c, i) => c.post(`/api/admin/moderation/message/${i.messageId}/dismiss`) },
];

describe.each(testDrivers())("who may use the admin panel's endpoints on %s", (driver) => {
  const suite = useTestServer(driver);

  it("lists every admin endpoint here, each with the official-only rule", () => {
    const admin = suite.server.app.apiRoutes.filter((route) => route.url.startsWith("/api/admin/"));
    const routes = admin.flatMap((route) =>
      [route.method]
        .flat()
        .filter((m) => m !== "HEAD")
        .map((method) => `${method} ${route.url}`),
    );
    expect(new Set(routes)).toEqual(new Set(ENDPOINTS.map((e) => e.route)));
    expect(admin.filter((route) => route.config?.access !== "official").map((route) => route.url)).toEqual([]);
  });

  it("refuses visitors (401), plain users, business members and admins who are not the official account (403)", async () => {
    const db = suite.server.deps.db;
    const { org } = await buildOrganization(db);
    const people = (await buildUsers(db, suite.server.deps.auth, 5)).map((user) => ({
      ...user,
      client: new TestClient(suite.server.url, { cookie: user.cookie }),
    }));
    const [plain, business, roleAdmin, official, target] = people as [(typeof people)[number], ...typeof people];
    await addRole(db, business!.id, "business");
    await addMember(db, org.id, business!.id, "owner");
    await addRole(db, roleAdmin!.id, "admin");
    await db.transaction().execute((trx) => makeOfficial(trx, official!.id));
    const ids = async (): Promise<Ids> => {
      const contestDates = { startsAt: new Date(Date.now() - 3 * 86_400_000), endsAt: new Date(Date.now() - 86_400_000) };
      const contest = await buildContest(db, contestDates);
      const request = await db
        .insertInto("organization_requests")
        .values({
          id: crypto.randomUUID(),
          contact_name: "Ada",
          organization_name: "Ada's bakery",
          type: "company",
          industry: "retail",
          email: `${crypto.randomUUID()}@example.test`,
          phone: "514 555 0100",
          website: "",
          description: "",
          plan: "virtual",
          priority: "visibility",
          language: "en",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const messageId = crypto.randomUUID();
      await db.insertInto("chat_messages").values({ id: messageId, user_id: target!.id, body: "Carried a suitcase upstairs" }).execute();
      return {
        messageId,
        organizationId: org.id,
        userId: target!.id,
        contestId: contest.id,
        requestId: request.id,
        contestDates: { startsAt: contestDates.startsAt.toISOString(), endsAt: contestDates.endsAt.toISOString() },
      };
    };
    const visitor = new TestClient(suite.server.url);
    for (const endpoint of ENDPOINTS) {
      const statuses = {
        route: endpoint.route,
        visitor: (await endpoint.call(visitor, await ids())).status,
        plain: (await endpoint.call(plain!.client, await ids())).status,
        business: (await endpoint.call(business!.client, await ids())).status,
        admin: (await endpoint.call(roleAdmin!.client, await ids())).status,
      };
      expect(statuses).toEqual({ route: endpoint.route, visitor: 401, plain: 403, business: 403, admin: 403 });
      const answer = await endpoint.call(official!.client, await ids());
      // The official account gets through: a success, or the endpoint's own answer (no winner before a draw: 404 or 409).
      expect({ route: endpoint.route, official: answer.status }).toEqual({
        route: endpoint.route,
        official: expect.toSatisfy((status: number) => [200, 201, 204, 404, 409].includes(status)),
      });
    }
  });
});
