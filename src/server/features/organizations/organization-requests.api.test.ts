import { describe, expect, it } from "vitest";
import { TestClient } from "../../test/http-client.js";
import { linkFromOutbox, outboxFor, signedInOfficial, signedInUser, userInput } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

function requestFor(email: string, overrides: Record<string, unknown> = {}) {
  return {
    contactName: "Marie Tremblay",
    organizationName: `Les Amis ${Math.random().toString(36).slice(2, 8)}`,
    type: "non-profit",
    industry: "social-services",
    email,
    phone: "514 555-0199",
    website: "lesamis.example",
    description: "Une banque alimentaire de quartier.",
    plan: "complete",
    priority: "both-wellbeing-first",
    ...overrides,
  };
}

describe.each(testDrivers())("organisation registration requests on %s", (driver) => {
  const suite = useTestServer(driver);

  it("stores a visitor's request, mails the support team and the requester, and refuses a request without a plan", async () => {
    const visitor = new TestClient(suite.server.url);
    const email = userInput().email;
    const noPlan = await visitor.post("/api/organization-requests", requestFor(email, { plan: undefined }), { "x-kindly-language": "fr" });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.error).toMatchObject({ field: "plan", message: expect.stringContaining("Veuillez choisir un forfait") });

    const sent = await visitor.post("/api/organization-requests", requestFor(email), { "x-kindly-language": "fr" });
    expect(sent.status).toBe(201);
    const [support] = await outboxFor(suite.server, "support@kindly.test");
    expect(support!.text_body).toContain("Une banque alimentaire de quartier.");
    expect(support!.text_body).toContain("https://lesamis.example");
    const [receipt] = await outboxFor(suite.server, email);
    expect(receipt!.subject).toMatch(/^Nous avons reçu votre demande pour Les Amis/);
    // Sent to someone with no account: it says what comes next, and does not ask them to sign in to follow it.
    expect(receipt!.text_body).toContain(
      "Si vous n’avez pas encore de compte Kindly, ce lien vous permettra d’en créer un avec cette adresse.",
    );
    expect(receipt!.text_body).not.toMatch(/Connectez-vous|Suivre ma demande/);
  });

  it("lets only the official account list and decide requests; approval makes an existing account the owner, once", async () => {
    const requester = await signedInUser(suite.server);
    const stranger = await signedInUser(suite.server);
    const official = await signedInOfficial(suite.server);
    const body = requestFor(requester.email);
    expect((await requester.client.post("/api/organization-requests", body)).status).toBe(201);

    expect((await stranger.client.get("/api/admin/organization-requests")).status).toBe(403);
    expect((await new TestClient(suite.server.url).get("/api/admin/organization-requests")).status).toBe(401);
    const pending = (await official.client.get("/api/admin/organization-requests")).body.requests;
    const mine = pending.find((r: { organizationName: string }) => r.organizationName === body.organizationName);
    expect(mine).toMatchObject({ status: "pending", requesterHasAccount: true, plan: "complete", website: "https://lesamis.example" });

    expect((await stranger.client.post(`/api/admin/organization-requests/${mine.id}/approve`)).status).toBe(403);
    // Two clicks at once decide once.
    const [first, second] = await Promise.all([
      official.client.post(`/api/admin/organization-requests/${mine.id}/approve`),
      official.client.post(`/api/admin/organization-requests/${mine.id}/approve`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const approved = [first, second].find((r) => r.status === 200)!.body;
    expect(approved.owner).toBe("attached");

    const organizations = (await requester.client.get("/api/me/organizations")).body;
    expect(organizations.organizations).toEqual([
      { id: approved.organizationId, name: body.organizationName, type: "non-profit", role: "owner" },
    ]);
    expect((await requester.client.get("/api/me")).body.roles).toContain("business");
    expect((await requester.client.get("/api/organization-requests/mine")).body.requests[0]).toMatchObject({ status: "approved" });
    const link = await linkFromOutbox(suite.server, requester.email, "/business-dashboard");
    expect(link.searchParams.get("org")).toBe(approved.organizationId);
  });

  it("invites a requester without an account, who becomes the owner on signing up with that address", async () => {
    const official = await signedInOfficial(suite.server);
    const person = userInput();
    const body = requestFor(person.email);
    expect((await new TestClient(suite.server.url).post("/api/organization-requests", body)).status).toBe(201);
    const { requests } = (await official.client.get("/api/admin/organization-requests")).body;
    const request = requests.find((r: { organizationName: string }) => r.organizationName === body.organizationName);
    expect(request.requesterHasAccount).toBe(false);
    const approval = await official.client.post(`/api/admin/organization-requests/${request.id}/approve`);
    expect(approval.body.owner).toBe("invited");
    expect((await outboxFor(suite.server, person.email))[0]!.subject).toMatch(/create your account/);
    // The invitation's link opens sign-up with its address (the page keeps it fixed): anyone holding the
    // link reads the address and organisation, nothing else; a made-up link finds nothing.
    const signUpLink = await linkFromOutbox(suite.server, person.email, "/auth");
    expect(signUpLink.searchParams.get("tab")).toBe("signup");
    const invitationId = signUpLink.searchParams.get("invitation")!;
    const visitor = new TestClient(suite.server.url);
    expect((await visitor.get(`/api/invitations/${invitationId}`)).body).toEqual({
      email: person.email.toLowerCase(),
      organizationName: body.organizationName,
      role: "owner",
    });
    const madeUp = await visitor.get(`/api/invitations/00000000-0000-4000-8000-000000000000`, { "x-kindly-language": "fr" });
    expect(madeUp.status).toBe(404);
    expect(madeUp.body.error.message).toBe(
      "Cette invitation est expirée ou a déjà servi. Demandez à l’organisation de vous en envoyer une nouvelle.",
    );

    const owner = await signedInUser(suite.server, person);
    expect((await owner.client.get("/api/me")).body.hasOrganizationDashboard).toBe(true);
    expect((await owner.client.get("/api/me/organizations")).body.organizations).toEqual([
      expect.objectContaining({ id: approval.body.organizationId, role: "owner" }),
    ]);
    // Used, the link opens nothing; the owner's own invitation does not tick "invite a colleague".
    expect((await visitor.get(`/api/invitations/${invitationId}`)).status).toBe(404);
    expect((await owner.client.get(`/api/organizations/${approval.body.organizationId}/setup`)).body.steps.member).toBe(false);
    expect((await owner.client.get("/api/organization-requests/mine")).body.requests).toEqual([
      expect.objectContaining({ id: request.id, status: "approved" }),
    ]);
  });

  it("declines with a reason that is mailed back and shown to the requester", async () => {
    const requester = await signedInUser(suite.server);
    const official = await signedInOfficial(suite.server);
    const body = requestFor(requester.email);
    await requester.client.post("/api/organization-requests", body, { "x-kindly-language": "en" });
    const { requests } = (await official.client.get("/api/admin/organization-requests")).body;
    const request = requests.find((r: { organizationName: string }) => r.organizationName === body.organizationName);
    expect((await official.client.post(`/api/admin/organization-requests/${request.id}/decline`, { reason: "  " })).status).toBe(400);
    expect(
      (await official.client.post(`/api/admin/organization-requests/${request.id}/decline`, { reason: "We only serve Québec for now." }))
        .status,
    ).toBe(204);
    expect((await official.client.post(`/api/admin/organization-requests/${request.id}/approve`)).status).toBe(409);
    expect((await outboxFor(suite.server, requester.email))[0]!.text_body).toContain("We only serve Québec for now.");
    expect((await requester.client.get("/api/organization-requests/mine")).body.requests[0]).toMatchObject({
      status: "declined",
      declineReason: "We only serve Québec for now.",
    });
    const declined = (await official.client.get("/api/admin/organization-requests?status=declined")).body.requests;
    expect(declined.map((r: { id: string }) => r.id)).toContain(request.id);
  });
});
