import { describe, expect, it } from "vitest";
import { signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { ensureOfficialAccount } from "../auth/index.js";

describe.each(testDrivers())("profile and roles on %s", (driver) => {
  const suite = useTestServer(driver);

  it("updates country, language and onboarding, validating each", async () => {
    const user = await signedInUser(suite.server);
    const res = await user.client.patch("/api/me", { country: "FR", languagePreference: "fr", onboardingCompleted: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ country: "FR", languagePreference: "fr", onboardingCompleted: true });
    expect((await user.client.get("/api/me")).body.languagePreference).toBe("fr");

    expect((await user.client.patch("/api/me", { country: "ZZ" })).body.error.field).toBe("country");
    expect((await user.client.patch("/api/me", { languagePreference: "de" })).body.error.field).toBe("languagePreference");
    expect((await user.client.patch("/api/me", {})).status).toBe(400);
  });

  it("lets the suite.server decide who may assign a role", async () => {
    const plain = await signedInUser(suite.server);
    const target = await signedInUser(suite.server);
    expect((await plain.client.get("/api/roles/can-assign?role=admin")).body).toEqual({ allowed: false });
    const refused = await plain.client.post(`/api/users/${target.id}/roles`, { role: "admin" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: "role_not_assignable", message: "You are not authorized to assign the admin role" });

    const official = await signedInUser(suite.server);
    await ensureOfficialAccount(suite.server.deps, official.email);
    expect((await official.client.get("/api/roles/can-assign?role=admin")).body).toEqual({ allowed: true });
    expect((await official.client.post(`/api/users/${target.id}/roles`, { role: "admin" })).status).toBe(201);

    // An admin grants business, never admin.
    expect((await target.client.post(`/api/users/${plain.id}/roles`, { role: "business" })).status).toBe(201);
    expect((await target.client.post(`/api/users/${plain.id}/roles`, { role: "admin" })).status).toBe(403);
    expect((await plain.client.get("/api/me")).body.roles).toEqual(["business"]);

    // People may drop their own roles.
    expect((await plain.client.delete("/api/me/roles/business")).status).toBe(204);
    expect((await plain.client.get("/api/me")).body.roles).toEqual([]);
  });

  it("keeps exactly one official account, chosen by the operator", async () => {
    const first = await signedInUser(suite.server);
    const second = await signedInUser(suite.server);
    await ensureOfficialAccount(suite.server.deps, first.email);
    await ensureOfficialAccount(suite.server.deps, second.email);
    const officials = await suite.server.deps.db.selectFrom("users").select("email").where("is_official", "=", true).execute();
    expect(officials).toEqual([{ email: second.email }]);
    expect((await first.client.get("/api/me")).body.isOfficial).toBe(false);

    const created = await ensureOfficialAccount(suite.server.deps, "operator@kindly.test");
    expect(created.created).toBe(true);
    expect(created.password).toMatch(/^[\w-]{16}$/);
  });
});
