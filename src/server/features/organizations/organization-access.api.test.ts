import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "../../test/oidc-provider.js";
import { startDnsServer } from "../../test/dns-server.js";
import { TestClient } from "../../test/http-client.js";
import { addMember, buildOrganization, buildUsers, locationInput } from "../../test/factories.js";
import { photo } from "../../test/images.js";
import { makeOfficial } from "../users/index.js";
import { testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";
import { createCampaign } from "./campaigns-service.js";
import { createCardSeries } from "./card-series-repository.js";

type Client = TestClient;
/** The employer's identity provider, which saving single sign-on asks by discovery. */
let provider: TestOidcProvider;
type Ids = Record<string, string>;

/** A location, a card series, a campaign, a member and an invitation of an organisation, made fresh. */
async function fixtures(server: TestServer, organizationId: string, ownerId: string): Promise<Ids> {
  const db = server.deps.db;
  const location = await db
    .insertInto("business_locations")
    .values({
      id: crypto.randomUUID(),
      organization_id: organizationId,
      name: "Spot",
      latitude: 45.5,
      longitude: -73.5,
      qr_token: crypto.randomUUID(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const seriesId = await createCardSeries(db, organizationId, { name: "Cards", cardType: "portable", cardCount: 5 });
  const campaignId = await createCampaign(db, ownerId, organizationId, {
    name: "Week",
    description: "Kindness week",
    durationDays: 7,
    effect: "glow",
    locationIds: [location.id],
  });
  const [member] = await buildUsers(db, server.deps.auth, 1);
  await addMember(db, organizationId, member!.id, "business");
  const invitation = await db
    .insertInto("organization_invitations")
    .values({
      id: crypto.randomUUID(),
      organization_id: organizationId,
      email: `${crypto.randomUUID()}@example.test`,
      role: "business",
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The workplace area: an access code, and an employee who used it.
  const workplaceCodeId = crypto.randomUUID();
  await db
    .insertInto("workplace_access_codes")
    .values({
      id: workplaceCodeId,
      organization_id: organizationId,
      code: `W${crypto.randomUUID().slice(0, 12).toUpperCase()}`,
      max_uses: 5,
    })
    .execute();
  const [employee] = await buildUsers(db, server.deps.auth, 1);
  await db
    .insertInto("workplace_access")
    .values({ user_id: employee!.id, organization_id: organizationId, access_code_id: workplaceCodeId })
    .execute();
  // Single sign-on and the staff directory in place (so removing them has something to remove).
  await db
    .insertInto("sso_configurations")
    .values({
      organization_id: organizationId,
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret_sealed: server.deps.secretBox.seal("oidc client secret", provider.clientSecret),
    })
    .onConflict((oc) => oc.column("organization_id").doNothing())
    .execute();
  await db
    .insertInto("staff_directory_tokens")
    .values({ organization_id: organizationId, token_hash: crypto.randomUUID() })
    .onConflict((oc) => oc.column("organization_id").doNothing())
    .execute();
  // An email domain the employer verified earlier (checking it again asks this file's DNS server).
  const domain = `d${crypto.randomUUID().slice(0, 8)}.test`;
  await db.deleteFrom("sso_email_domains").where("organization_id", "=", organizationId).execute();
  await db
    .insertInto("sso_email_domains")
    .values({ organization_id: organizationId, domain, token: "t", verified_at: new Date() })
    .execute();
  return {
    domain,
    locationId: location.id,
    seriesId,
    campaignId,
    memberId: member!.id,
    invitationId: invitation.id,
    workplaceCodeId,
    employeeId: employee!.id,
  };
}

/** Every organisation endpoint, as a call a client makes with an organisation's id and its parts' ids. */
const ENDPOINTS: { route: string; call: (client: Client, org: string, ids: Ids) => Promise<{ status: number }> }[] = [
  { route: "GET /api/organizations/:organizationId", call: (c, o) => c.get(`/api/organizations/${o}`) },
  {
    route: "PUT /api/organizations/:organizationId",
    call: (c, o) => c.put(`/api/organizations/${o}`, { name: "Renamed", type: "company", industry: "retail" }),
  },
  { route: "GET /api/organizations/:organizationId/members", call: (c, o) => c.get(`/api/organizations/${o}/members`) },
  {
    route: "POST /api/organizations/:organizationId/members",
    call: (c, o) => c.post(`/api/organizations/${o}/members`, { email: `${crypto.randomUUID()}@example.test`, role: "business" }),
  },
  {
    route: "PUT /api/organizations/:organizationId/members/:memberId",
    call: (c, o, i) => c.put(`/api/organizations/${o}/members/${i.memberId}`, { role: "admin" }),
  },
  {
    route: "DELETE /api/organizations/:organizationId/members/:memberId",
    call: (c, o, i) => c.delete(`/api/organizations/${o}/members/${i.memberId}`),
  },
  {
    route: "DELETE /api/organizations/:organizationId/invitations/:invitationId",
    call: (c, o, i) => c.delete(`/api/organizations/${o}/invitations/${i.invitationId}`),
  },
  { route: "GET /api/organizations/:organizationId/locations", call: (c, o) => c.get(`/api/organizations/${o}/locations`) },
  {
    route: "POST /api/organizations/:organizationId/locations",
    call: (c, o) => c.post(`/api/organizations/${o}/locations`, locationInput()),
  },
  {
    route: "PUT /api/organizations/:organizationId/locations/:locationId",
    call: (c, o, i) => c.put(`/api/organizations/${o}/locations/${i.locationId}`, locationInput()),
  },
  {
    route: "PUT /api/organizations/:organizationId/locations/:locationId/active",
    call: (c, o, i) => c.put(`/api/organizations/${o}/locations/${i.locationId}/active`, { isActive: false }),
  },
  {
    route: "DELETE /api/organizations/:organizationId/locations/:locationId",
    call: (c, o, i) => c.delete(`/api/organizations/${o}/locations/${i.locationId}`),
  },
  { route: "GET /api/organizations/:organizationId/card-series", call: (c, o) => c.get(`/api/organizations/${o}/card-series`) },
  {
    route: "POST /api/organizations/:organizationId/card-series",
    call: (c, o) => c.post(`/api/organizations/${o}/card-series`, { name: "More", cardType: "physical", cardCount: 10 }),
  },
  {
    route: "PUT /api/organizations/:organizationId/card-series/:seriesId",
    call: (c, o, i) => c.put(`/api/organizations/${o}/card-series/${i.seriesId}`, { name: "Renamed", cardType: "portable", cardCount: 8 }),
  },
  {
    route: "PUT /api/organizations/:organizationId/card-series/:seriesId/active",
    call: (c, o, i) => c.put(`/api/organizations/${o}/card-series/${i.seriesId}/active`, { isActive: false }),
  },
  {
    route: "DELETE /api/organizations/:organizationId/card-series/:seriesId",
    call: (c, o, i) => c.delete(`/api/organizations/${o}/card-series/${i.seriesId}`),
  },
  {
    route: "GET /api/organizations/:organizationId/:source/:codeId/code",
    call: (c, o, i) => c.get(`/api/organizations/${o}/locations/${i.locationId}/code`),
  },
  {
    route: "GET /api/organizations/:organizationId/:source/:codeId/code.:format",
    call: (c, o, i) => c.bytes(`/api/organizations/${o}/card-series/${i.seriesId}/code.png?card=2`),
  },
  {
    route: "POST /api/organizations/:organizationId/:source/:codeId/renew-code",
    call: (c, o, i) => c.post(`/api/organizations/${o}/card-series/${i.seriesId}/renew-code`),
  },
  {
    route: "PUT /api/organizations/:organizationId/logo",
    call: async (c, o) => {
      const form = new FormData();
      form.append("logo", new Blob([new Uint8Array(await photo({ width: 120, height: 80, format: "png" }))]), "logo.png");
      return c.upload(`/api/organizations/${o}/logo`, form, "PUT");
    },
  },
  { route: "DELETE /api/organizations/:organizationId/logo", call: (c, o) => c.delete(`/api/organizations/${o}/logo`) },
  { route: "GET /api/organizations/:organizationId/summary", call: (c, o) => c.get(`/api/organizations/${o}/summary?days=7`) },
  { route: "GET /api/organizations/:organizationId/analytics", call: (c, o) => c.get(`/api/organizations/${o}/analytics?days=90`) },
  { route: "GET /api/organizations/:organizationId/engagement", call: (c, o) => c.get(`/api/organizations/${o}/engagement`) },
  { route: "GET /api/organizations/:organizationId/interactions", call: (c, o) => c.get(`/api/organizations/${o}/interactions`) },
  { route: "GET /api/organizations/:organizationId/campaigns", call: (c, o) => c.get(`/api/organizations/${o}/campaigns`) },
  { route: "GET /api/organizations/:organizationId/teams", call: (c, o) => c.get(`/api/organizations/${o}/teams`) },
  { route: "GET /api/organizations/:organizationId/setup", call: (c, o) => c.get(`/api/organizations/${o}/setup`) },
  {
    route: "POST /api/organizations/:organizationId/campaigns",
    call: (c, o, i) =>
      c.post(`/api/organizations/${o}/campaigns`, {
        name: "Go",
        description: "Go!",
        durationDays: 3,
        effect: "pulse",
        locationIds: [i.locationId],
      }),
  },
  {
    route: "POST /api/organizations/:organizationId/campaigns/:campaignId",
    call: (c, o, i) => c.post(`/api/organizations/${o}/campaigns/${i.campaignId}`, { action: "pause" }),
  },
  // The workplace area's access, in the dashboard's settings (owners and admins).
  { route: "GET /api/organizations/:organizationId/workplace/codes", call: (c, o) => c.get(`/api/organizations/${o}/workplace/codes`) },
  {
    route: "POST /api/organizations/:organizationId/workplace/codes",
    call: (c, o) => c.post(`/api/organizations/${o}/workplace/codes`, { maxUses: 5, expiresOn: null }),
  },
  {
    route: "POST /api/organizations/:organizationId/workplace/codes/:codeId/deactivate",
    call: (c, o, i) => c.post(`/api/organizations/${o}/workplace/codes/${i.workplaceCodeId}/deactivate`),
  },
  {
    route: "GET /api/organizations/:organizationId/workplace/employees",
    call: (c, o) => c.get(`/api/organizations/${o}/workplace/employees`),
  },
  {
    route: "DELETE /api/organizations/:organizationId/workplace/employees/:userId",
    call: (c, o, i) => c.delete(`/api/organizations/${o}/workplace/employees/${i.employeeId}`),
  },
  // Who signs the employees' certificates (settings).
  {
    route: "GET /api/organizations/:organizationId/workplace/directory",
    call: (c, o) => c.get(`/api/organizations/${o}/workplace/directory`),
  },
  {
    route: "POST /api/organizations/:organizationId/workplace/directory/token",
    call: (c, o) => c.post(`/api/organizations/${o}/workplace/directory/token`),
  },
  {
    route: "DELETE /api/organizations/:organizationId/workplace/directory/token",
    call: (c, o) => c.delete(`/api/organizations/${o}/workplace/directory/token`),
  },
  { route: "GET /api/organizations/:organizationId/workplace/sso", call: (c, o) => c.get(`/api/organizations/${o}/workplace/sso`) },
  {
    route: "PUT /api/organizations/:organizationId/workplace/sso",
    call: (c, o) =>
      c.put(`/api/organizations/${o}/workplace/sso`, {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
      }),
  },
  { route: "DELETE /api/organizations/:organizationId/workplace/sso", call: (c, o) => c.delete(`/api/organizations/${o}/workplace/sso`) },
  {
    route: "POST /api/organizations/:organizationId/workplace/it-handoff",
    call: (c, o) => c.post(`/api/organizations/${o}/workplace/it-handoff`, { email: "it@clinique.test", language: "fr" }),
  },
  {
    route: "GET /api/organizations/:organizationId/workplace/employee-mails/:mail",
    call: (c, o) => c.get(`/api/organizations/${o}/workplace/employee-mails/surveyInvitation?language=en`),
  },
  {
    route: "GET /api/organizations/:organizationId/workplace/sso/domains",
    call: (c, o) => c.get(`/api/organizations/${o}/workplace/sso/domains`),
  },
  {
    route: "POST /api/organizations/:organizationId/workplace/sso/domains",
    call: (c, o) => c.post(`/api/organizations/${o}/workplace/sso/domains`, { domain: "clinique.test" }),
  },
  {
    route: "POST /api/organizations/:organizationId/workplace/sso/domains/:domain/check",
    call: (c, o, i) => c.post(`/api/organizations/${o}/workplace/sso/domains/${i.domain}/check`),
  },
  {
    route: "DELETE /api/organizations/:organizationId/workplace/sso/domains/:domain",
    call: (c, o, i) => c.delete(`/api/organizations/${o}/workplace/sso/domains/${i.domain}`),
  },
  {
    route: "GET /api/organizations/:organizationId/workplace/signatory",
    call: (c, o) => c.get(`/api/organizations/${o}/workplace/signatory`),
  },
  {
    route: "PUT /api/organizations/:organizationId/workplace/signatory",
    call: (c, o) => c.put(`/api/organizations/${o}/workplace/signatory`, { name: "Jean Gagnon", title: "Directeur général" }),
  },
  {
    route: "DELETE /api/organizations/:organizationId/workplace/signatory",
    call: (c, o) => c.delete(`/api/organizations/${o}/workplace/signatory`),
  },
];

// The employers' TXT records are looked up here (DNS_SERVERS).
const dns = await startDnsServer();
afterAll(() => dns.close());

describe.each(testDrivers())("who may reach an organisation's data on %s", (driver) => {
  // The provider runs on this machine, which Kindly reaches only because this operator opened it.
  const suite = useTestServer(driver, { env: { OUTBOUND_ALLOW: "127.0.0.1", DNS_SERVERS: dns.address } });
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: "http://kindly.test/api/sso/callback" });
  });
  afterAll(() => provider?.close());

  it("lists every organisation endpoint here", () => {
    const routes = suite.server.app.apiRoutes
      // The health and well-being tabs have their own matrix (compliance-access.api.test.ts); the logo is
      // public to read, like the map it shows on (organization-logo.api.test.ts).
      .filter((route) => route.url.startsWith("/api/organizations/") && !route.url.includes("/compliance/"))
      .filter((route) => !(route.url === "/api/organizations/:organizationId/logo" && [route.method].flat().includes("GET")))
      .flatMap((route) =>
        [route.method]
          .flat()
          .filter((m) => m !== "HEAD")
          .map((method) => `${method} ${route.url}`),
      );
    expect(new Set(routes)).toEqual(new Set(ENDPOINTS.map((e) => e.route)));
  });

  it("answers visitors 401, other people 403, members and the official account; another organisation's ids are never found", async () => {
    const db = suite.server.deps.db;
    const ours = (await buildOrganization(db)).org.id;
    const theirs = (await buildOrganization(db)).org.id;
    const people = (await buildUsers(db, suite.server.deps.auth, 5)).map((user) => ({
      ...user,
      client: new TestClient(suite.server.url, { cookie: user.cookie }),
    }));
    const [owner, business, otherOwner, plain, official] = people as [(typeof people)[number], ...typeof people];
    await addMember(db, ours, owner.id, "owner");
    await addMember(db, ours, business!.id, "business");
    await addMember(db, theirs, otherOwner!.id, "owner");
    await db.transaction().execute((trx) => makeOfficial(trx, official!.id));
    const visitor = new TestClient(suite.server.url);

    const results: Record<string, Record<string, number>> = {};
    for (const endpoint of ENDPOINTS) {
      const row: Record<string, number> = {};
      // Each call gets its own fixtures, so a DELETE that worked does not make the next one 404.
      row.visitor = (await endpoint.call(visitor, ours, await fixtures(suite.server, ours, owner.id))).status;
      row.plain = (await endpoint.call(plain!.client, ours, await fixtures(suite.server, ours, owner.id))).status;
      row.otherOrganization = (await endpoint.call(otherOwner!.client, ours, await fixtures(suite.server, ours, owner.id))).status;
      // A member of their own organisation, sending the ids of ours.
      row.ownPathOurIds = (await endpoint.call(otherOwner!.client, theirs, await fixtures(suite.server, ours, owner.id))).status;
      row.owner = (await endpoint.call(owner.client, ours, await fixtures(suite.server, ours, owner.id))).status;
      row.official = (await endpoint.call(official!.client, ours, await fixtures(suite.server, ours, owner.id))).status;
      row.business = (await endpoint.call(business!.client, ours, await fixtures(suite.server, ours, owner.id))).status;
      results[endpoint.route] = row;
    }

    const manage = new Set([
      "PUT /api/organizations/:organizationId",
      "PUT /api/organizations/:organizationId/logo",
      "DELETE /api/organizations/:organizationId/logo",
      "POST /api/organizations/:organizationId/members",
      "PUT /api/organizations/:organizationId/members/:memberId",
      "DELETE /api/organizations/:organizationId/members/:memberId",
      "DELETE /api/organizations/:organizationId/invitations/:invitationId",
      "GET /api/organizations/:organizationId/workplace/codes",
      "POST /api/organizations/:organizationId/workplace/codes",
      "POST /api/organizations/:organizationId/workplace/codes/:codeId/deactivate",
      "GET /api/organizations/:organizationId/workplace/employees",
      "DELETE /api/organizations/:organizationId/workplace/employees/:userId",
      "GET /api/organizations/:organizationId/workplace/signatory",
      "PUT /api/organizations/:organizationId/workplace/signatory",
      "DELETE /api/organizations/:organizationId/workplace/signatory",
      "GET /api/organizations/:organizationId/workplace/directory",
      "POST /api/organizations/:organizationId/workplace/directory/token",
      "DELETE /api/organizations/:organizationId/workplace/directory/token",
      "GET /api/organizations/:organizationId/workplace/sso",
      "PUT /api/organizations/:organizationId/workplace/sso",
      "DELETE /api/organizations/:organizationId/workplace/sso",
      "POST /api/organizations/:organizationId/workplace/it-handoff",
      "GET /api/organizations/:organizationId/workplace/sso/domains",
      "POST /api/organizations/:organizationId/workplace/sso/domains",
      "POST /api/organizations/:organizationId/workplace/sso/domains/:domain/check",
      "DELETE /api/organizations/:organizationId/workplace/sso/domains/:domain",
    ]);
    const partIds = /:(memberId|invitationId|locationId|seriesId|codeId|campaignId|userId|domain)/;
    for (const [route, row] of Object.entries(results)) {
      const ok = (status: number) => status >= 200 && status < 300;
      expect({ route, visitor: row.visitor, plain: row.plain, other: row.otherOrganization }).toEqual({
        route,
        visitor: 401,
        plain: 403,
        other: 403,
      });
      expect({ route, owner: ok(row.owner!), official: ok(row.official!) }).toEqual({ route, owner: true, official: true });
      expect({ route, business: manage.has(route) ? row.business : ok(row.business!) }).toEqual({
        route,
        business: manage.has(route) ? 403 : true,
      });
      if (partIds.test(route)) expect({ route, status: row.ownPathOurIds }).toEqual({ route, status: 404 });
    }
  });
});
