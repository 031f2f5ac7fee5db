import { describe, expect, it } from "vitest";
import { buildEmployer } from "../../../test/compliance-fixtures.js";
import { addMember, buildOrganization, buildUsers, outboxFor, signedInUser } from "../../../test/factories.js";
import { TestClient } from "../../../test/http-client.js";
import { SCIM, ScimClient } from "../../../test/scim-client.js";
import { startTestServer, testDrivers, useTestServer, type TestServer } from "../../../test/test-server.js";

/** An employer whose owner made a SCIM token in the workplace settings: the provider's client, and the owner's. */
async function connectedEmployer(server: TestServer, employees = 0) {
  const employer = await buildEmployer(server, employees);
  const settings = `/api/organizations/${employer.organizationId}/workplace/directory`;
  const made = await employer.owner.client.post(`${settings}/token`);
  expect(made.status).toBe(201);
  expect(made.body.baseUrl).toBe("http://kindly.test/scim/v2");
  return { ...employer, settings, scim: new ScimClient(`${server.url}/scim/v2`, made.body.token) };
}

describe.each(testDrivers())("the staff directory over SCIM 2.0 on %s (issue 47 §2)", (driver) => {
  const suite = useTestServer(driver);

  it("answers only a bearer token the employer made, in SCIM's error shape, and describes itself", async () => {
    const { scim, settings, owner } = await connectedEmployer(suite.server);
    for (const token of [undefined, "not-a-token-of-anyone-here-123456"]) {
      const answer = await fetch(`${suite.server.url}/scim/v2/Users`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(answer.headers.get("content-type")).toMatch(/^application\/scim\+json/);
      expect(await answer.json()).toMatchObject({ schemas: [SCIM.error], status: "401" });
    }
    const config = await scim.request("GET", "/ServiceProviderConfig");
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
    const types = await scim.request("GET", "/ResourceTypes");
    expect(types.body.Resources.map((t: { endpoint: string }) => t.endpoint)).toEqual(["/Users"]);
    expect((await scim.request("GET", "/Groups")).status).toBe(404);

    // A new token replaces the old one; revoking disconnects the provider.
    const second = await owner.client.post(`${settings}/token`);
    expect((await scim.request("GET", "/Users")).status).toBe(401);
    const renewed = new ScimClient(scim.baseUrl, second.body.token);
    expect((await renewed.request("GET", "/Users")).status).toBe(200);
    expect((await owner.client.get(settings)).body).toMatchObject({ connected: true, lastUsedAt: expect.any(String) });
    expect((await owner.client.delete(`${settings}/token`)).status).toBe(204);
    expect((await renewed.request("GET", "/Users")).status).toBe(401);
    expect((await owner.client.get(settings)).body).toMatchObject({ connected: false });
  });

  it("creates, finds, replaces, deactivates and deletes people (RFC 7644 §3.3–3.6); the account that verified the email joins on its yes", async () => {
    const { scim, organizationId, owner, settings } = await connectedEmployer(suite.server);
    const [account] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 1);
    const employee = new TestClient(suite.server.url, { cookie: account!.cookie });
    expect((await employee.get("/api/workplace/access")).body).toEqual({
      hasAccess: false,
      employerName: null,
      invitation: null,
    });

    const created = await scim.create({
      userName: account!.email.toUpperCase(),
      email: account!.email,
      givenName: "Amélie",
      familyName: "Tremblay",
      externalId: "00u1",
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toMatch(/^application\/scim\+json/);
    const id = created.body.id as string;
    expect(created.headers.get("location")).toBe(`http://kindly.test/scim/v2/Users/${id}`);
    expect(created.body).toMatchObject({
      schemas: [SCIM.user],
      userName: account!.email.toUpperCase(),
      name: { givenName: "Amélie", familyName: "Tremblay" },
      active: true,
      meta: { resourceType: "User", location: `http://kindly.test/scim/v2/Users/${id}`, version: 'W/"1"' },
    });
    // The directory proposes (issue 58 §3): the account is asked, by mail and in the area, and is in only on its yes.
    const asked = (await employee.get("/api/workplace/access")).body;
    expect(asked).toMatchObject({ hasAccess: false, invitation: { id, employerName: expect.any(String) } });
    expect((await owner.client.get(settings)).body.people).toEqual({ active: 1, inactive: 0, linked: 0 });
    const [mail] = await outboxFor(suite.server, account!.email);
    expect(mail!.subject).toBe(`${asked.invitation.employerName} lists you as staff: join its workplace well-being area?`);
    expect((await employee.post(`/api/workplace/invitations/${id}/accept`)).body).toMatchObject({ hasAccess: true, invitation: null });
    expect((await owner.client.get(settings)).body.people).toEqual({ active: 1, inactive: 0, linked: 1 });

    // userName is not case-exact: a provider's lookup before creating finds the person whatever the case, and a second create is refused.
    const found = await scim.find(`userName eq "${account!.email}"`);
    expect(found.body).toMatchObject({ schemas: [SCIM.list], totalResults: 1, Resources: [{ id }] });
    expect((await scim.find('externalId eq "00u1"')).body.totalResults).toBe(1);
    expect((await scim.find('name.familyName eq "Tremblay"')).body.totalResults).toBe(1);
    expect((await scim.find('name.familyName eq "Gagnon"')).body.totalResults).toBe(0);
    const twice = await scim.create({ userName: account!.email });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ schemas: [SCIM.error], status: "409", scimType: "uniqueness" });

    // PUT replaces every attribute.
    const replaced = await scim.request("PUT", `/Users/${id}`, {
      schemas: [SCIM.user],
      userName: account!.email,
      name: { givenName: "Amélie", familyName: "Tremblay-Roy" },
      emails: [{ value: account!.email, primary: true }],
      active: true,
    });
    expect(replaced.body).toMatchObject({ name: { familyName: "Tremblay-Roy" }, meta: { version: 'W/"2"' } });
    expect(replaced.body.externalId).toBeUndefined();

    // Deactivation (a PATCH, as Entra ID and Okta send it) closes the area at once; reactivation opens it again.
    const off = await scim.setActive(id, false);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await employee.get("/api/workplace/survey")).status).toBe(403);
    expect((await employee.get("/api/workplace/access")).body).toEqual({ hasAccess: false, employerName: null, invitation: null });
    expect((await scim.setActive(id, true)).body.active).toBe(true);
    expect((await employee.get("/api/workplace/survey")).status).toBe(200);

    // DELETE removes the person and the access; the resource is then gone.
    expect((await scim.request("DELETE", `/Users/${id}`)).status).toBe(204);
    expect((await scim.request("GET", `/Users/${id}`)).status).toBe(404);
    expect((await employee.get("/api/workplace/survey")).status).toBe(403);
    const access = await suite.server.deps.db
      .selectFrom("workplace_access")
      .selectAll()
      .where("organization_id", "=", organizationId)
      .execute();
    expect(access).toEqual([]);
  });

  it("asks an account that verifies the listed email later, takes no for an answer, and never moves someone from another employer", async () => {
    const { scim } = await connectedEmployer(suite.server);
    const email = `later${Date.now()}@example.test`;
    const entry = await scim.create({ userName: email, email });
    expect(entry.status).toBe(201);
    // Signs up and confirms afterwards: the area asks; "not me" is never asked again, even when the provider sends the entry again.
    const person = await signedInUser(suite.server, { email });
    expect((await person.client.get("/api/workplace/access")).body).toMatchObject({ hasAccess: false, invitation: { id: entry.body.id } });
    expect((await person.client.post(`/api/workplace/invitations/${entry.body.id}/decline`)).body).toMatchObject({ invitation: null });
    await scim.request("PUT", `/Users/${entry.body.id}`, {
      schemas: [SCIM.user],
      userName: email,
      emails: [{ value: email }],
      active: true,
    });
    expect((await person.client.get("/api/workplace/access")).body).toMatchObject({ hasAccess: false, invitation: null });
    expect((await person.client.post(`/api/workplace/invitations/${entry.body.id}/accept`)).status).toBe(404);

    // An account holding another employer's access is listed but neither asked nor linked, and keeps its employer.
    const other = await buildEmployer(suite.server, 1);
    const elsewhere = other.employees[0]!;
    const listed = await scim.create({ userName: elsewhere.email, email: elsewhere.email });
    expect(listed.status).toBe(201);
    const where = await suite.server.deps.db
      .selectFrom("workplace_access")
      .select("organization_id")
      .where("user_id", "=", elsewhere.id)
      .executeTakeFirstOrThrow();
    expect(where.organization_id).toBe(other.organizationId);
    const row = await suite.server.deps.db
      .selectFrom("staff_directory_people")
      .select(["user_id", "invited_at"])
      .where("id", "=", listed.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, invited_at: null });
    expect((await elsewhere.client.get("/api/workplace/access")).body).toMatchObject({ hasAccess: true, invitation: null });
    const moved = await elsewhere.client.post(`/api/workplace/invitations/${listed.body.id}/accept`);
    expect(moved.body.error.code).toBe("workplace_already_unlocked");
  });

  it("answers the same whether or not an address has a Kindly account", async () => {
    const { scim } = await connectedEmployer(suite.server);
    const [account] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 1);
    const stranger = `nobody${Date.now()}@example.test`;
    const shape = (body: Record<string, unknown>) => JSON.stringify({ ...body, id: "", userName: "", emails: "", meta: "" });
    const known = await scim.create({ userName: account!.email, email: account!.email });
    const unknown = await scim.create({ userName: stranger, email: stranger });
    expect([known.status, unknown.status]).toEqual([201, 201]);
    expect(shape(known.body)).toBe(shape(unknown.body));
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    const listedKnown = await scim.find(`userName eq "${account!.email}"`);
    const listedUnknown = await scim.find(`userName eq "${stranger}"`);
    expect(shape(listedKnown.body.Resources[0])).toBe(shape(listedUnknown.body.Resources[0]));
  });

  it("counts survey participation over the directory's active people, and follows a deactivation", async () => {
    // Three employees hold access through codes; the directory lists five people, two of them these employees.
    const { scim, owner, employees, organizationId } = await connectedEmployer(suite.server, 3);
    const base = `/api/organizations/${organizationId}/compliance`;
    expect((await owner.client.get(`${base}/surveys`)).body.employeesWithAccess).toBe(3);
    const ids: string[] = [];
    for (const [i, e] of employees.slice(0, 2).entries()) ids[i] = (await scim.create({ userName: e.email, email: e.email })).body.id;
    for (let i = 0; i < 3; i += 1) await scim.create({ userName: `new${i}-${organizationId}@example.test` });
    expect((await owner.client.get(`${base}/surveys`)).body.employeesWithAccess).toBe(5);
    await scim.setActive(ids[0]!, false);
    expect((await owner.client.get(`${base}/surveys`)).body.employeesWithAccess).toBe(4);
    expect((await employees[0]!.client.get("/api/workplace/survey")).status).toBe(403);
    // A code holder the directory does not list keeps access (the small employer's path stays).
    expect((await employees[2]!.client.get("/api/workplace/survey")).status).toBe(200);
  });

  it("pages a list (startIndex, count) and keeps each employer's people to its own token", async () => {
    const first = await connectedEmployer(suite.server);
    const second = await connectedEmployer(suite.server);
    for (let i = 0; i < 5; i += 1) await first.scim.create({ userName: `p${i}@first.test` });
    const other = await second.scim.create({ userName: "p0@first.test" });
    expect(other.status).toBe(201);
    const page = await first.scim.request("GET", "/Users?startIndex=2&count=2");
    expect(page.body).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((u: { userName: string }) => u.userName)).toEqual(["p1@first.test", "p2@first.test"]);
    expect((await first.scim.request("GET", `/Users/${other.body.id}`)).status).toBe(404);
    expect((await first.scim.request("DELETE", `/Users/${other.body.id}`)).status).toBe(404);
    expect((await second.scim.request("GET", `/Users/${other.body.id}`)).status).toBe(200);
  });

  it("refuses what is not a User, with SCIM's words", async () => {
    const { scim } = await connectedEmployer(suite.server);
    const noName = await scim.request("POST", "/Users", { schemas: [SCIM.user], active: true });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ schemas: [SCIM.error], status: "400" });
    const badJson = await scim.request("POST", "/Users", "{not json");
    expect(badJson.body).toMatchObject({ status: "400", scimType: "invalidSyntax" });
    const badEmail = await scim.create({ userName: "x@y.test", email: "not an email" });
    expect(badEmail.body).toMatchObject({ status: "400", scimType: "invalidValue" });
    const badOp = await scim.request("PATCH", `/Users/${(await scim.create({ userName: "z@y.test" })).body.id}`, {
      schemas: [SCIM.patch],
      Operations: [{ op: "explode", path: "active" }],
    });
    expect(badOp.status).toBe(400);
    // A plain JSON body is accepted too (some providers send application/json).
    expect((await scim.request("POST", "/Users", { schemas: [SCIM.user], userName: "json@y.test" }, "application/json")).status).toBe(201);
  });

  it("creates one person when two servers receive the same create at once", async () => {
    const { scim } = await connectedEmployer(suite.server);
    const peer = await startTestServer(driver, { database: { url: suite.server.databaseUrl } });
    try {
      const other = new ScimClient(`${peer.url}/scim/v2`, (scim as unknown as { token: string }).token);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? other : scim).create({ userName: "Same.Person@example.test" })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await scim.find('userName eq "same.person@example.test"')).body.totalResults).toBe(1);
    } finally {
      await peer.close();
    }
  });
});

describe("the staff directory settings", () => {
  const suite = useTestServer("postgres");

  it("are for the organisation's owners and admins", async () => {
    const { org } = await buildOrganization(suite.server.deps.db);
    const [member] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 1);
    await addMember(suite.server.deps.db, org.id, member!.id, "business");
    const client = new TestClient(suite.server.url, { cookie: member!.cookie });
    expect((await client.post(`/api/organizations/${org.id}/workplace/directory/token`)).status).toBe(403);
  });
});
