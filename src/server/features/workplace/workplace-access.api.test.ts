import { describe, expect, it } from "vitest";
import { addMember, buildAccessCode, buildOrganization, buildUsers, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { startTestServer, testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers())("workplace access on %s", (driver) => {
  const suite = useTestServer(driver);

  it("opens the area with an employer's code, counting the use, and says whose area it is", async () => {
    const db = suite.server.deps.db;
    const { org } = await buildOrganization(db, { name: "Clinique Bon Accueil" });
    const code = await buildAccessCode(db, org.id, { maxUses: 3 });
    const employee = await signedInUser(suite.server);
    expect((await employee.client.get("/api/workplace/access")).body).toEqual({ hasAccess: false, employerName: null, invitation: null });
    expect((await employee.client.get("/api/workplace/survey")).status).toBe(403);

    // Typed in lower case with spaces: matched in upper case, trimmed.
    const typed = ` ${code.toLowerCase().slice(0, 6)} ${code.toLowerCase().slice(6)} `;
    const unlocked = await employee.client.post("/api/workplace/access", { code: typed });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ hasAccess: true, employerName: "Clinique Bon Accueil", invitation: null });
    expect((await employee.client.get("/api/workplace/access")).body.hasAccess).toBe(true);
    const row = await db.selectFrom("workplace_access_codes").select("current_uses").where("code", "=", code).executeTakeFirstOrThrow();
    expect(row.current_uses).toBe(1);

    const again = await employee.client.post("/api/workplace/access", { code });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "workplace_already_unlocked", message: "You already have access" });
    // The refused second try gave its use back.
    const after = await db.selectFrom("workplace_access_codes").select("current_uses").where("code", "=", code).executeTakeFirstOrThrow();
    expect(after.current_uses).toBe(1);
  });

  it("refuses unknown, inactive, expired and used-up codes, each with its own words, in English and French", async () => {
    const db = suite.server.deps.db;
    const { org } = await buildOrganization(db);
    const cases = [
      ["NOSUCHCODE42", "workplace_code_invalid", "Invalid or expired code", "Code invalide ou expiré"],
      [
        await buildAccessCode(db, org.id, { active: false }),
        "workplace_code_invalid",
        "Invalid or expired code",
        "Code invalide ou expiré",
      ],
      [
        await buildAccessCode(db, org.id, { expiresAt: new Date(Date.now() - 60_000) }),
        "workplace_code_expired",
        "This code has expired",
        "Ce code est expiré",
      ],
      [
        await buildAccessCode(db, org.id, { maxUses: 2, usedUp: true }),
        "workplace_code_used_up",
        "This code has reached its maximum number of uses",
        "Ce code a atteint son nombre maximal d’utilisations",
      ],
    ] as const;
    const employee = await signedInUser(suite.server);
    for (const [code, errorCode, english, french] of cases) {
      const answer = await employee.client.post("/api/workplace/access", { code });
      expect(answer.body.error).toMatchObject({ code: errorCode, message: english });
      const inFrench = await employee.client.post("/api/workplace/access", { code }, { "x-kindly-language": "fr" });
      expect(inFrench.body.error.message).toBe(french);
    }
    const blank = await employee.client.post("/api/workplace/access", { code: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject({ field: "code" });
    expect(blank.body.error.message).toContain("Please enter your employer code");
    expect((await employee.client.post("/api/workplace/access", { code: "X".repeat(21) })).status).toBe(400);
    expect((await new TestClient(suite.server.url).post("/api/workplace/access", { code: "ANY" })).status).toBe(401);
    expect((await employee.client.get("/api/workplace/access")).body.hasAccess).toBe(false);
  });

  it("admits exactly one of two employees racing for a code's last use", async () => {
    const db = suite.server.deps.db;
    for (let round = 0; round < 5; round++) {
      const { org } = await buildOrganization(db);
      const code = await buildAccessCode(db, org.id, { maxUses: 1 });
      const people = await buildUsers(db, suite.server.deps.auth, 2);
      const answers = await Promise.all(
        people.map((p) => new TestClient(suite.server.url, { cookie: p.cookie }).post("/api/workplace/access", { code })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.error.code).toBe("workplace_code_used_up");
      const holders = await db.selectFrom("workplace_access").select("user_id").where("organization_id", "=", org.id).execute();
      expect(holders).toHaveLength(1);
    }
  });

  it("lets the organisation's owners and admins make codes, follow their uses, deactivate them and remove employees", async () => {
    const db = suite.server.deps.db;
    const { org } = await buildOrganization(db);
    const owner = await signedInUser(suite.server);
    await addMember(db, org.id, owner.id, "owner");
    const business = await signedInUser(suite.server);
    await addMember(db, org.id, business.id, "business");
    const base = `/api/organizations/${org.id}/workplace`;

    const created = await owner.client.post(`${base}/codes`, { maxUses: 2, expiresOn: null });
    expect(created.status).toBe(201);
    const listed = (await owner.client.get(`${base}/codes`)).body.codes;
    expect(listed).toEqual([expect.objectContaining({ id: created.body.id, maxUses: 2, uses: 0, active: true, expiresAt: null })]);
    const { code } = listed[0];
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);

    const employee = await signedInUser(suite.server);
    expect((await employee.client.post("/api/workplace/access", { code })).status).toBe(200);
    expect((await owner.client.get(`${base}/codes`)).body.codes[0].uses).toBe(1);
    const employees = (await owner.client.get(`${base}/employees`)).body.employees;
    expect(employees).toEqual([expect.objectContaining({ userId: employee.id, username: employee.username })]);

    // A plain member, an employee and a stranger may not.
    for (const client of [business.client, employee.client]) {
      expect((await client.get(`${base}/codes`)).status).toBe(403);
      expect((await client.post(`${base}/codes`, { maxUses: 5, expiresOn: null })).status).toBe(403);
      expect((await client.get(`${base}/employees`)).status).toBe(403);
    }
    expect((await owner.client.post(`${base}/codes`, { maxUses: 0, expiresOn: null })).status).toBe(400);
    expect((await owner.client.post(`${base}/codes`, { maxUses: 5, expiresOn: "2020-01-01" })).body.error.field).toBe("expiresOn");

    expect((await owner.client.post(`${base}/codes/${created.body.id}/deactivate`)).status).toBe(204);
    const late = await signedInUser(suite.server);
    expect((await late.client.post("/api/workplace/access", { code })).body.error.code).toBe("workplace_code_invalid");

    expect((await owner.client.delete(`${base}/employees/${employee.id}`)).status).toBe(204);
    expect((await employee.client.get("/api/workplace/access")).body.hasAccess).toBe(false);
    expect((await employee.client.get("/api/workplace/training")).status).toBe(403);
  });

  it("gives a code that expires on a day until the end of that day", async () => {
    const db = suite.server.deps.db;
    const { org } = await buildOrganization(db);
    const owner = await signedInUser(suite.server);
    await addMember(db, org.id, owner.id, "admin");
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const created = await owner.client.post(`/api/organizations/${org.id}/workplace/codes`, { maxUses: 5, expiresOn: tomorrow });
    expect(created.status).toBe(201);
    const [code] = (await owner.client.get(`/api/organizations/${org.id}/workplace/codes`)).body.codes;
    expect(new Date(code.expiresAt).getTime()).toBeGreaterThan(Date.now() + 86_400_000 - 6 * 3_600_000);
  });
});

describe("workplace codes across two processes", () => {
  it("admit exactly as many employees as the code has uses", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const db = first.deps.db;
      const { org } = await buildOrganization(db);
      const code = await buildAccessCode(db, org.id, { maxUses: 7 });
      const people = await buildUsers(db, first.deps.auth, 20);
      const answers = await Promise.all(
        people.map((p, i) => new TestClient((i % 2 ? second : first).url, { cookie: p.cookie }).post("/api/workplace/access", { code })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === "workplace_code_used_up")).toBe(true);
      const row = await db.selectFrom("workplace_access_codes").select("current_uses").where("code", "=", code).executeTakeFirstOrThrow();
      expect(row.current_uses).toBe(7);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
