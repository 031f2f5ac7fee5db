import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addMember, buildEmployees, buildOrganization, buildUsers } from "../../../test/factories.js";
import { TestClient } from "../../../test/http-client.js";
import { fileForm, samplePdf } from "../../../test/pdf-fixtures.js";
import { testDrivers, useTestServer, type TestServer } from "../../../test/test-server.js";
import { makeOfficial } from "../../users/index.js";
import { insertSurvey } from "../climate-survey-repository.js";

type Ids = Record<string, string>;

/** One record of each kind the compliance routes name by id, in the given organisation. */
async function fixtures(server: TestServer, organizationId: string): Promise<Ids> {
  const db = server.deps.db;
  const ids: Ids = {
    surveyId: randomUUID(),
    memberId: randomUUID(),
    meetingId: randomUUID(),
    feedbackId: randomUUID(),
    actionId: randomUUID(),
    policyId: randomUUID(),
    verificationId: randomUUID(),
  };
  await insertSurvey(db, { id: ids.surveyId!, organizationId, periodStart: "2026-11-15", periodEnd: "2027-01-14", resultsShared: false });
  await db.updateTable("wellbeing_surveys").set({ is_active: false }).where("id", "=", ids.surveyId!).execute();
  await db
    .insertInto("sst_committee_members")
    .values({ id: ids.memberId!, organization_id: organizationId, name: "Ana", role: "president", elected_date: "2026-01-10" })
    .execute();
  await db
    .insertInto("sst_committee_meetings")
    .values({ id: ids.meetingId!, organization_id: organizationId, title: "Q1", meeting_date: "2027-01-14", starts_at: "14:00" })
    .execute();
  await db
    .insertInto("sst_committee_feedback")
    .values({
      id: ids.feedbackId!,
      organization_id: organizationId,
      subject: "Noise",
      message: "Too loud",
      category: "health",
      is_anonymous: true,
    })
    .execute();
  await db
    .insertInto("sst_committee_action_items")
    .values({ id: ids.actionId!, organization_id: organizationId, title: "Quiet room" })
    .execute();
  await db
    .insertInto("workplace_policy_files")
    .values({
      id: ids.policyId!,
      organization_id: organizationId,
      file_name: "p.pdf",
      storage_key: `policies/${organizationId}/${ids.policyId}.pdf`,
      file_size: 10,
    })
    .execute();
  await db
    .insertInto("verification_schedules")
    .values({
      id: ids.verificationId!,
      organization_id: organizationId,
      verification_date: `2030-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 10)}`,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const { employees } = await buildEmployees(server, 1, organizationId);
  await db.updateTable("workplace_access").set({ remote_work: true }).where("user_id", "=", employees[0]!.id).execute();
  ids.userId = employees[0]!.id;
  return ids;
}

type Call = (client: TestClient, org: string, ids: Ids) => Promise<{ status: number }>;
const c = (o: string) => `/api/organizations/${o}/compliance`;
const member = { name: "Léa Roy", role: "secretary", electedDate: "2026-03-01" };
const action = { title: "Walk and talk", priority: "high" };
const period = "from=2026-01-01&to=2026-12-31";

/** Every compliance endpoint, as a call a client makes with an organisation's id and its records' ids. */
const ENDPOINTS: { route: string; call: Call }[] = [
  { route: "GET surveys", call: (k, o) => k.get(`${c(o)}/surveys`) },
  { route: "POST surveys", call: (k, o) => k.post(`${c(o)}/surveys`, { resultsShared: false }) },
  { route: "POST surveys/:surveyId/close", call: (k, o, i) => k.post(`${c(o)}/surveys/${i.surveyId}/close`) },
  { route: "PUT surveys/:surveyId/sharing", call: (k, o, i) => k.put(`${c(o)}/surveys/${i.surveyId}/sharing`, { resultsShared: true }) },
  { route: "GET surveys/:surveyId/results", call: (k, o, i) => k.get(`${c(o)}/surveys/${i.surveyId}/results`) },
  { route: "GET committee", call: (k, o) => k.get(`${c(o)}/committee`) },
  { route: "POST committee/members", call: (k, o) => k.post(`${c(o)}/committee/members`, member) },
  { route: "PUT committee/members/:memberId", call: (k, o, i) => k.put(`${c(o)}/committee/members/${i.memberId}`, member) },
  {
    route: "POST committee/members/:memberId/end-term",
    call: (k, o, i) => k.post(`${c(o)}/committee/members/${i.memberId}/end-term`, { termEndDate: "2026-11-01" }),
  },
  { route: "POST committee/meetings", call: (k, o) => k.post(`${c(o)}/committee/meetings`, { title: "Q4", date: "2026-11-01" }) },
  {
    route: "PUT committee/meetings/:meetingId",
    call: (k, o, i) => k.put(`${c(o)}/committee/meetings/${i.meetingId}`, { title: "Q1", date: "2027-01-14", time: "15:00" }),
  },
  {
    route: "GET committee/meetings/:meetingId/calendar.ics",
    call: (k, o, i) => k.get(`${c(o)}/committee/meetings/${i.meetingId}/calendar.ics`),
  },
  { route: "POST committee/meetings/:meetingId/cancel", call: (k, o, i) => k.post(`${c(o)}/committee/meetings/${i.meetingId}/cancel`) },
  {
    route: "POST committee/members/:memberId/calendar-link",
    call: (k, o, i) => k.post(`${c(o)}/committee/members/${i.memberId}/calendar-link`),
  },
  {
    route: "DELETE committee/members/:memberId/calendar-link",
    call: (k, o, i) => k.request("DELETE", `${c(o)}/committee/members/${i.memberId}/calendar-link`),
  },
  {
    route: "PUT committee/feedback/:feedbackId",
    call: (k, o, i) => k.put(`${c(o)}/committee/feedback/${i.feedbackId}`, { status: "reviewed", response: "Thanks" }),
  },
  { route: "GET actions", call: (k, o) => k.get(`${c(o)}/actions`) },
  { route: "POST actions", call: (k, o) => k.post(`${c(o)}/actions`, action) },
  { route: "PUT actions/:actionId", call: (k, o, i) => k.put(`${c(o)}/actions/${i.actionId}`, action) },
  { route: "PUT actions/:actionId/status", call: (k, o, i) => k.put(`${c(o)}/actions/${i.actionId}/status`, { status: "in_progress" }) },
  {
    route: "PUT actions/:actionId/publication",
    call: (k, o, i) => k.put(`${c(o)}/actions/${i.actionId}/publication`, { text: "We listened." }),
  },
  {
    route: "DELETE actions/:actionId/publication",
    call: (k, o, i) => k.request("DELETE", `${c(o)}/actions/${i.actionId}/publication`),
  },
  { route: "DELETE actions/:actionId", call: (k, o, i) => k.request("DELETE", `${c(o)}/actions/${i.actionId}`) },
  { route: "GET policies", call: (k, o) => k.get(`${c(o)}/policies`) },
  { route: "POST policies", call: async (k, o) => k.upload(`${c(o)}/policies`, fileForm(await samplePdf(), "policy.pdf")) },
  { route: "DELETE policies/:policyId", call: (k, o, i) => k.request("DELETE", `${c(o)}/policies/${i.policyId}`) },
  { route: "GET verifications", call: (k, o) => k.get(`${c(o)}/verifications`) },
  {
    route: "PUT verifications/:verificationId/responsible",
    call: (k, o, i) => k.put(`${c(o)}/verifications/${i.verificationId}/responsible`, { responsiblePerson: "Marc" }),
  },
  {
    route: "POST verifications/:verificationId/done",
    call: (k, o, i) => k.post(`${c(o)}/verifications/${i.verificationId}/done`, { note: "OK" }),
  },
  { route: "GET audits", call: (k, o) => k.get(`${c(o)}/audits`) },
  { route: "POST audits", call: (k, o) => k.post(`${c(o)}/audits`, { stressReduction: 4, engagement: 3 }) },
  { route: "GET manager-training", call: (k, o) => k.get(`${c(o)}/manager-training`) },
  { route: "POST manager-training/attempts", call: (k, o) => k.post(`${c(o)}/manager-training/attempts`) },
  {
    route: "POST manager-training/attempts/:attemptId/answers",
    call: (k, o) => k.post(`${c(o)}/manager-training/attempts/${randomUUID()}/answers`, { answers: [0, 0, 0, 0, 0] }),
  },
  { route: "GET manager-training/certificate.pdf", call: (k, o) => k.bytes(`${c(o)}/manager-training/certificate.pdf`) },
  { route: "GET certificates", call: (k, o) => k.get(`${c(o)}/certificates`) },
  { route: "PUT certificates/validity", call: (k, o) => k.put(`${c(o)}/certificates/validity`, { kind: "harassment", months: 24 }) },
  { route: "POST certificates/:code/withdrawal", call: (k, o) => k.post(`${c(o)}/certificates/KC-AAAA-BBBB-CCCC/withdrawal`) },
  { route: "GET telework", call: (k, o) => k.get(`${c(o)}/telework`) },
  { route: "POST telework/:userId/actions", call: (k, o, i) => k.post(`${c(o)}/telework/${i.userId}/actions`, { action: "Weekly call" }) },
  { route: "GET reports/compliance.pdf", call: (k, o) => k.bytes(`${c(o)}/reports/compliance.pdf?${period}`) },
  { route: "GET reports/cnesst.pdf", call: (k, o) => k.bytes(`${c(o)}/reports/cnesst.pdf?${period}`) },
];

describe.each(testDrivers())("who may reach the health and well-being tabs on %s", (driver) => {
  const suite = useTestServer(driver);

  it("lists every compliance endpoint here", () => {
    const prefix = "/api/organizations/:organizationId/compliance/";
    const routes = suite.server.app.apiRoutes
      .filter((route) => route.url.startsWith(prefix))
      .flatMap((route) =>
        [route.method]
          .flat()
          .filter((m) => m !== "HEAD")
          .map((method) => `${method} ${route.url.slice(prefix.length)}`),
      );
    expect(new Set(routes)).toEqual(new Set(ENDPOINTS.map((e) => e.route)));
  });

  it("answers visitors 401; plain users, employees and other organisations' members 403; members and the official account; other ids are never found", async () => {
    const db = suite.server.deps.db;
    const ours = (await buildOrganization(db)).org.id;
    const theirs = (await buildOrganization(db)).org.id;
    const people = (await buildUsers(db, suite.server.deps.auth, 6)).map((user) => ({
      ...user,
      client: new TestClient(suite.server.url, { cookie: user.cookie }),
    }));
    const [owner, admin, business, otherOwner, plain, official] = people;
    await addMember(db, ours, owner!.id, "owner");
    await addMember(db, ours, admin!.id, "admin");
    await addMember(db, ours, business!.id, "business");
    await addMember(db, theirs, otherOwner!.id, "owner");
    await db.transaction().execute((trx) => makeOfficial(trx, official!.id));
    const employee = (await buildEmployees(suite.server, 1, ours)).employees[0]!;
    const visitor = new TestClient(suite.server.url);
    const ids = await fixtures(suite.server, ours);
    await fixtures(suite.server, theirs);

    const refused: string[] = [];
    const wronglyRefused: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const expectRefused = async (who: string, client: TestClient, status: number) => {
        const got = (await endpoint.call(client, ours, ids)).status;
        if (got !== status) refused.push(`${endpoint.route} ${who}: ${got}`);
      };
      await expectRefused("visitor", visitor, 401);
      await expectRefused("plain", plain!.client, 403);
      await expectRefused("employee", employee.client, 403);
      await expectRefused("other organisation", otherOwner!.client, 403);
      // A member of their own organisation, sending the ids of ours.
      if (endpoint.route.includes("/:")) {
        const got = (await endpoint.call(otherOwner!.client, theirs, ids)).status;
        if (got !== 404) refused.push(`${endpoint.route} own path, our ids: ${got}`);
      }
      for (const [who, person] of Object.entries({ owner, admin, business, official })) {
        const got = (await endpoint.call(person!.client, ours, ids)).status;
        if (got === 401 || got === 403 || got >= 500) wronglyRefused.push(`${endpoint.route} ${who}: ${got}`);
      }
    }
    expect(refused).toEqual([]);
    expect(wronglyRefused).toEqual([]);
  });
});
