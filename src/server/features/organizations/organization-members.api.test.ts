import { describe, expect, it } from "vitest";
import { TestClient } from "../../test/http-client.js";
import { addMember, buildOrganization, buildUsers, outboxFor, userInput } from "../../test/factories.js";
import { startTestServer, testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";

async function organizationWithOwners(server: TestServer, owners: number) {
  const { org } = await buildOrganization(server.deps.db, { locations: 0 });
  const people = await buildUsers(server.deps.db, server.deps.auth, owners);
  for (const person of people) await addMember(server.deps.db, org.id, person.id, "owner");
  return { org, people };
}

const ownersOf = (server: TestServer, organizationId: string) =>
  server.deps.db
    .selectFrom("organization_members")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("role", "=", "owner")
    .execute();

/** One removal wins; the other finds itself the last owner (409) or already removed (403). */
function expectOneRemoval(answers: { status: number }[]) {
  const [won, lost] = answers.map((r) => r.status).sort();
  expect(won).toBe(204);
  expect([403, 409]).toContain(lost);
}

describe.each(testDrivers())("an organisation's members on %s", (driver) => {
  const suite = useTestServer(driver);

  it("tells a person's profile whether they have a dashboard: members and people invited, not others", async () => {
    const { org, people } = await organizationWithOwners(suite.server, 1);
    const owner = new TestClient(suite.server.url, { cookie: people[0]!.cookie });
    const [outsider, invited] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 2);
    const profileOf = async (cookie: string) => (await new TestClient(suite.server.url, { cookie }).get("/api/me")).body;
    expect((await profileOf(people[0]!.cookie)).hasOrganizationDashboard).toBe(true);
    expect((await profileOf(outsider!.cookie)).hasOrganizationDashboard).toBe(false);
    const invitedEmail = (
      await suite.server.deps.db.selectFrom("users").select("email").where("id", "=", invited!.id).executeTakeFirstOrThrow()
    ).email;
    await suite.server.deps.db
      .insertInto("organization_invitations")
      .values({
        id: `inv-${invited!.id}`,
        organization_id: org.id,
        email: invitedEmail,
        role: "business",
        invited_by: people[0]!.id,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    expect((await profileOf(invited!.cookie)).hasOrganizationDashboard).toBe(true);
    expect((await owner.get("/api/me")).status).toBe(200);
  });

  it("invites by email, keeps owners for owners, and never leaves an organisation without an owner", async () => {
    const { org, people } = await organizationWithOwners(suite.server, 1);
    const owner = new TestClient(suite.server.url, { cookie: people[0]!.cookie });
    const [existing, admin] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 2);
    const base = `/api/organizations/${org.id}`;
    const existingEmail = (
      await suite.server.deps.db.selectFrom("users").select("email").where("id", "=", existing!.id).executeTakeFirstOrThrow()
    ).email;

    expect((await owner.post(`${base}/members`, { email: existingEmail.toUpperCase(), role: "business" })).body).toEqual({
      status: "added",
    });
    expect((await outboxFor(suite.server, existingEmail))[0]!.subject).toMatch(/^You now have access to/);
    const newcomer = userInput().email;
    expect((await owner.post(`${base}/members`, { email: newcomer, role: "admin" })).body).toEqual({ status: "invited" });
    const members = (await owner.get(`${base}/members`)).body;
    expect(members.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [people[0]!.id, "owner"],
      [existing!.id, "business"],
    ]);
    expect(members.invitations).toEqual([expect.objectContaining({ email: newcomer, role: "admin" })]);

    // An admin manages members but makes no owners and removes none.
    await addMember(suite.server.deps.db, org.id, admin!.id, "admin");
    const adminClient = new TestClient(suite.server.url, { cookie: admin!.cookie });
    expect((await adminClient.put(`${base}/members/${existing!.id}`, { role: "owner" })).status).toBe(403);
    expect((await adminClient.delete(`${base}/members/${people[0]!.id}`)).status).toBe(403);
    expect((await adminClient.put(`${base}/members/${existing!.id}`, { role: "admin" })).status).toBe(204);

    // The last owner can neither leave nor step down.
    expect((await owner.delete(`${base}/members/${people[0]!.id}`)).body.error.code).toBe("last_owner");
    expect((await owner.put(`${base}/members/${people[0]!.id}`, { role: "business" })).status).toBe(409);
    // A member may leave on their own.
    expect((await new TestClient(suite.server.url, { cookie: existing!.cookie }).delete(`${base}/members/${existing!.id}`)).status).toBe(
      204,
    );
  });

  it("keeps one owner when two owners remove each other at the same moment", async () => {
    for (let round = 0; round < 5; round += 1) {
      const { org, people } = await organizationWithOwners(suite.server, 2);
      const [a, b] = people.map((p) => new TestClient(suite.server.url, { cookie: p.cookie }));
      const answers = await Promise.all([
        a!.delete(`/api/organizations/${org.id}/members/${people[1]!.id}`),
        b!.delete(`/api/organizations/${org.id}/members/${people[0]!.id}`),
      ]);
      expectOneRemoval(answers);
      expect(await ownersOf(suite.server, org.id)).toHaveLength(1);
    }
  });
});

describe("owners removing each other through two server processes", () => {
  it("leave exactly one owner", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      for (let round = 0; round < 5; round += 1) {
        const { org, people } = await organizationWithOwners(first, 2);
        const answers = await Promise.all([
          new TestClient(first.url, { cookie: people[0]!.cookie }).delete(`/api/organizations/${org.id}/members/${people[1]!.id}`),
          new TestClient(second.url, { cookie: people[1]!.cookie }).delete(`/api/organizations/${org.id}/members/${people[0]!.id}`),
        ]);
        expectOneRemoval(answers);
        expect(await ownersOf(first, org.id)).toHaveLength(1);
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
