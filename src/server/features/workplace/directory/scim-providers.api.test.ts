import { describe, expect, it } from "vitest";
import { buildEmployer } from "../../../test/compliance-fixtures.js";
import { SCIM, ScimClient } from "../../../test/scim-client.js";
import { useTestServer, type TestServer } from "../../../test/test-server.js";

/*
 * SCIM as Microsoft Entra ID and Okta send it (issue 58 §6): the request
 * shapes their provisioning documentation publishes ("Tutorial: Develop and
 * plan provisioning for a SCIM endpoint in Microsoft Entra ID", Okta's "SCIM
 * 2.0 protocol reference"), replayed as they are, quirks included.
 */

async function connected(server: TestServer) {
  const employer = await buildEmployer(server, 0);
  const made = await employer.owner.client.post(`/api/organizations/${employer.organizationId}/workplace/directory/token`);
  return new ScimClient(`${server.url}/scim/v2`, made.body.token);
}

/** A raw request, headers as the provider sends them (a body or none). */
async function raw(scim: ScimClient, method: string, path: string, headers: Record<string, string>, body?: string) {
  const token = (scim as unknown as { token: string }).token;
  const response = await fetch(`${scim.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...headers }, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe("SCIM as Entra ID and Okta send it (issue 58 §6)", () => {
  const suite = useTestServer("postgres");

  it("deletes with application/scim+json and no body (204), as clients that send the header on every request do", async () => {
    const scim = await connected(suite.server);
    const created = await scim.create({ userName: "delete.me@clinique.test" });
    const answer = await raw(scim, "DELETE", `/Users/${created.body.id}`, { "content-type": "application/scim+json" });
    expect(answer.status).toBe(204);
    expect((await scim.request("GET", `/Users/${created.body.id}`)).status).toBe(404);
  });

  it("understands Entra ID's default PATCH (capitalised ops, booleans as strings, no path) and its aadOptscim062020 form", async () => {
    const scim = await connected(suite.server);
    const created = await scim.create({ userName: "entra@clinique.test", email: "entra@clinique.test", givenName: "Léa" });
    const id = created.body.id as string;
    const patch = (Operations: unknown[]) => scim.request("PATCH", `/Users/${id}`, { schemas: [SCIM.patch], Operations });
    // Default (non-compliant) Entra: "Replace", "False" as a string.
    expect((await patch([{ op: "Replace", path: "active", value: "False" }])).body.active).toBe(false);
    expect((await patch([{ op: "Replace", path: "active", value: "True" }])).body.active).toBe(true);
    // A replace without a path, its value an object of attributes (Entra's default for several at once).
    const several = await patch([{ op: "Replace", value: { active: "False", displayName: "Léa Gagnon", "name.familyName": "Gagnon" } }]);
    expect(several.body).toMatchObject({ active: false, displayName: "Léa Gagnon", name: { familyName: "Gagnon" } });
    // Entra's "Add" of the work email by a filtered path.
    const email = await patch([{ op: "Add", path: 'emails[type eq "work"].value', value: "lea.gagnon@clinique.test" }]);
    expect(email.body.emails).toEqual([expect.objectContaining({ value: "lea.gagnon@clinique.test", type: "work" })]);
    // The compliant form (aadOptscim062020): lowercase ops, real booleans.
    expect((await patch([{ op: "replace", path: "active", value: true }])).body.active).toBe(true);
    expect((await patch([{ op: "replace", value: { active: false } }])).body.active).toBe(false);
    // Something it cannot mean is refused in SCIM's words, not a 500.
    const nonsense = await patch([{ op: "Replace", path: "active", value: "Maybe" }]);
    expect(nonsense.status).toBe(400);
    expect(nonsense.body).toMatchObject({ schemas: [SCIM.error], status: "400" });
  });

  it("answers Okta's lookup before a create and its paging exactly, with itemsPerPage counting what is returned", async () => {
    const scim = await connected(suite.server);
    // Okta first asks whether the userName exists (startIndex=1&count=100), then creates.
    const before = await scim.request(
      "GET",
      `/Users?filter=${encodeURIComponent('userName eq "okta.user@clinique.test"')}&startIndex=1&count=100`,
    );
    expect(before.body).toEqual({ schemas: [SCIM.list], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
    expect((await scim.create({ userName: "okta.user@clinique.test" })).status).toBe(201);
    const after = await scim.request(
      "GET",
      `/Users?filter=${encodeURIComponent('userName eq "okta.user@clinique.test"')}&startIndex=1&count=100`,
    );
    expect(after.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    for (let i = 0; i < 4; i++) await scim.create({ userName: `page${i}@clinique.test` });
    const page = await scim.request("GET", "/Users?startIndex=4&count=2");
    expect(page.body).toMatchObject({ totalResults: 5, startIndex: 4, itemsPerPage: 2 });
    const last = await scim.request("GET", "/Users?startIndex=5&count=2");
    expect(last.body).toMatchObject({ totalResults: 5, startIndex: 5, itemsPerPage: 1 });
    expect(last.body.Resources).toHaveLength(1);
    const none = await scim.request("GET", "/Users?count=0");
    expect(none.body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
  });

  it("refuses every malformed or unsupported filter with 400 invalidFilter, never a 500 nor a list", async () => {
    const scim = await connected(suite.server);
    await scim.create({ userName: "filter@clinique.test" });
    for (const filter of [
      'userName eq "x" or 1 eq 1',
      "userName eq",
      // A PATCH path, not a filter (RFC 7644 §3.4.2.2's grammar has no sub-attribute after a value filter).
      'emails[type eq "work"].value eq "x@y.test"',
      'userName eq "unterminated',
      'userName zz "x"',
      '(userName eq "x"',
      'nosuchattribute eq "x"',
      "",
    ]) {
      const answer = await scim.request("GET", `/Users?filter=${encodeURIComponent(filter)}`);
      expect([filter, answer.status, answer.body.scimType]).toEqual([filter, 400, "invalidFilter"]);
    }
    // Filters providers do send keep working.
    for (const filter of [
      'userName eq "filter@clinique.test"',
      'externalId eq "none"',
      'emails[type eq "work" and value eq "x@y.test"]',
      "emails[value pr]",
      'emails.value eq "x@y.test"',
      "active eq true",
    ]) {
      expect([filter, (await scim.request("GET", `/Users?filter=${encodeURIComponent(filter)}`)).status]).toEqual([filter, 200]);
    }
  });

  it("describes itself completely: ServiceProviderConfig, Schemas and ResourceTypes (RFC 7644 §4)", async () => {
    const scim = await connected(suite.server);
    const config = (await scim.request("GET", "/ServiceProviderConfig")).body;
    expect(config).toMatchObject({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        expect.objectContaining({ type: "oauthbearertoken", name: expect.any(String), description: expect.any(String) }),
      ],
      meta: { resourceType: "ServiceProviderConfig", location: expect.stringMatching(/\/scim\/v2\/ServiceProviderConfig$/) },
    });
    const schemas = (await scim.request("GET", "/Schemas")).body;
    expect(schemas.Resources.map((schema: { id: string }) => schema.id)).toEqual([SCIM.user]);
    const user = (await scim.request("GET", `/Schemas/${SCIM.user}`)).body;
    expect(user.attributes.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(["userName", "name", "emails", "active"]));
    const types = (await scim.request("GET", "/ResourceTypes")).body;
    expect(types).toMatchObject({ schemas: [SCIM.list], totalResults: 1, itemsPerPage: 1 });
    expect(types.Resources[0]).toMatchObject({ id: "User", name: "User", endpoint: "/Users", schema: SCIM.user });
    expect((await scim.request("GET", "/ResourceTypes/User")).body).toMatchObject({ id: "User", endpoint: "/Users" });
  });
});
