import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEmployer } from "../../../test/compliance-fixtures.js";
import { buildUsers, signedInUser } from "../../../test/factories.js";
import { TestClient } from "../../../test/http-client.js";
import { loginAtProvider, startOidcProvider, type TestOidcProvider } from "../../../test/oidc-provider.js";
import { ScimClient } from "../../../test/scim-client.js";
import { testDrivers, useTestServer, type TestServer } from "../../../test/test-server.js";
import { tidyUp } from "../../../housekeeping.js";

const KINDLY = "http://kindly.test";

describe.each(testDrivers())("employer single sign-on with OpenID Connect on %s (issue 47 §1)", (driver) => {
  const suite = useTestServer(driver);
  let provider: TestOidcProvider;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: `${KINDLY}/api/sso/callback` });
  });
  afterAll(() => provider?.close());

  /** An employer whose owner saved the local provider in the settings. */
  async function employerWithSignOn(server: TestServer) {
    const employer = await buildEmployer(server, 0);
    const settings = `/api/organizations/${employer.organizationId}/workplace/sso`;
    const saved = await employer.owner.client.put(settings, {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
    });
    expect(saved.status).toBe(200);
    return { ...employer, settings, start: `${server.url}/api/sso/${employer.organizationId}/start` };
  }

  /** Through the provider and back to Kindly's callback, in a fresh browser; the callback's redirect and the browser. */
  async function signInWithProvider(start: string, login: string, browser = manual(new TestClient(suite.server.url))) {
    const callback = await loginAtProvider(start, login, KINDLY);
    const answer = await browser.get(callback);
    expect(answer.status).toBe(302);
    return { location: answer.headers.get("location")!, browser, callback };
  }
  const manual = (client: TestClient) => Object.assign(client, { followRedirects: false });
  const tokenOf = (location: string) => new URL(location, KINDLY).searchParams.get("token")!;

  it("saves the provider only when discovery answers, and never gives its secret back", async () => {
    const employer = await buildEmployer(suite.server, 0);
    const settings = `/api/organizations/${employer.organizationId}/workplace/sso`;
    const owner = employer.owner.client;
    expect((await owner.get(settings)).body).toMatchObject({
      configured: false,
      redirectUri: `${KINDLY}/api/sso/callback`,
      signInUrl: `${KINDLY}/api/sso/${employer.organizationId}/start`,
    });
    const plainHttp = await owner.put(settings, { issuer: "http://idp.example.com", clientId: "kindly", clientSecret: "s" });
    expect(plainHttp.body.error).toMatchObject({ code: "invalid_input", field: "issuer" });
    const nobody = await owner.put(
      settings,
      { issuer: "http://127.0.0.1:9/", clientId: "kindly", clientSecret: "s" },
      { "accept-language": "fr-CA" },
    );
    expect(nobody.status).toBe(422);
    expect(nobody.body.error).toMatchObject({ code: "sso_discovery_failed", field: "issuer" });
    expect(nobody.body.error.message).toContain("émetteur");
    const saved = await owner.put(settings, { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret });
    expect(saved.body).toMatchObject({ configured: true, issuer: provider.issuer, clientId: provider.clientId });
    expect(JSON.stringify(saved.body)).not.toContain(provider.clientSecret);
    const row = await suite.server.deps.db
      .selectFrom("sso_configurations")
      .selectAll()
      .where("organization_id", "=", employer.organizationId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_sealed).not.toContain(provider.clientSecret);
    // A change without the secret keeps the saved one (it still signs people in below).
    expect((await owner.put(settings, { issuer: provider.issuer, clientId: provider.clientId, clientSecret: null })).status).toBe(200);
    const { location } = await signInWithProvider(`${suite.server.url}/api/sso/${employer.organizationId}/start`, "keeps@clinique.test");
    expect(location).toMatch(/^\/sso\/continue\?token=/);
    expect((await owner.delete(settings)).status).toBe(204);
    const after = await fetch(`${suite.server.url}/api/sso/${employer.organizationId}/start`, { redirect: "manual" });
    expect(after.headers.get("location")).toBe("/sso/continue?error=sso_not_configured");
  });

  it("creates the account of a newcomer who chose a username, and lets them straight in the next time", async () => {
    const { start, organizationId } = await employerWithSignOn(suite.server);
    const email = `amelie.${organizationId.slice(0, 8)}@clinique.test`;
    provider.accounts.set(email, { name: "Amélie Tremblay" });
    const first = await signInWithProvider(start, email);
    expect(first.location).toMatch(/^\/sso\/continue\?token=[\w-]{43}$/);
    const token = tokenOf(first.location);
    const pending = await first.browser.get(`/api/sso/pending/${token}`);
    expect(pending.body).toMatchObject({ email, accountExists: false, suggestedUsername: "AmelieTremblay" });
    expect((await first.browser.get("/api/me")).status).toBe(401);

    const username = `amelie${organizationId.slice(0, 6)}`;
    const created = await first.browser.post(`/api/sso/pending/${token}/account`, { username });
    expect(created.status).toBe(204);
    const me = await first.browser.get("/api/me");
    expect(me.body).toMatchObject({ username, email });
    // The provider vouched for the address: the account's is confirmed.
    const account = await suite.server.deps.db
      .selectFrom("users")
      .select("email_verified")
      .where("id", "=", me.body.id)
      .executeTakeFirstOrThrow();
    expect(account.email_verified).toBe(true);
    expect((await first.browser.get("/api/workplace/access")).body).toMatchObject({ hasAccess: true });
    expect((await first.browser.get("/api/workplace/survey")).status).toBe(200);
    // The waiting answer served once.
    expect((await first.browser.get(`/api/sso/pending/${token}`)).body.error.code).toBe("sso_sign_in_expired");

    // Next time: straight into the workplace area, in a new browser.
    const again = await signInWithProvider(start, email);
    expect(again.location).toBe("/workplace-wellbeing");
    expect((await again.browser.get("/api/me")).body.username).toBe(username);
  });

  it("forgets, in the hourly tidying, a sign-in that never came back and a first sign-in nobody finished, once their minutes are over", async () => {
    const { start, organizationId } = await employerWithSignOn(suite.server);
    const { db } = suite.server.deps;
    const email = `inachevee.${organizationId.slice(0, 8)}@clinique.test`;
    provider.accounts.set(email, { name: "Léa Gagnon" });
    const unfinished = await signInWithProvider(start, email);
    const token = tokenOf(unfinished.location);
    expect((await unfinished.browser.get(`/api/sso/pending/${token}`)).body).toMatchObject({ email });
    // Two sign-ins started and abandoned at the provider; the first one's minutes run out, with the first sign-in's.
    expect((await fetch(start, { redirect: "manual" })).status).toBe(302);
    const past = new Date(Date.now() - 60_000);
    await db.updateTable("sso_logins").set({ expires_at: past }).where("organization_id", "=", organizationId).execute();
    await db.updateTable("sso_pending").set({ expires_at: past }).where("organization_id", "=", organizationId).execute();
    expect((await fetch(start, { redirect: "manual" })).status).toBe(302);

    await tidyUp(db);

    const left = async (table: "sso_logins" | "sso_pending") =>
      (await db.selectFrom(table).select("organization_id").where("organization_id", "=", organizationId).execute()).length;
    expect(await left("sso_pending")).toBe(0);
    expect(await left("sso_logins")).toBe(1);
    expect((await unfinished.browser.get(`/api/sso/pending/${token}`)).body.error.code).toBe("sso_sign_in_expired");
  });

  it("links an existing Kindly account only once its owner signed in with its password, never by the email alone", async () => {
    const { start } = await employerWithSignOn(suite.server);
    const person = await signedInUser(suite.server);
    const first = await signInWithProvider(start, person.email);
    const token = tokenOf(first.location);
    expect((await first.browser.get(`/api/sso/pending/${token}`)).body).toMatchObject({ accountExists: true });
    // Creating a second account on the address is refused; so is linking while signed out or as someone else.
    const taken = await first.browser.post(`/api/sso/pending/${token}/account`, { username: `other${Date.now() % 100000}` });
    expect(taken.body.error.code).toBe("sso_account_exists");
    expect((await first.browser.post(`/api/sso/pending/${token}/link`)).status).toBe(401);
    const [stranger] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 1);
    const wrong = await new TestClient(suite.server.url, { cookie: stranger!.cookie }).post(`/api/sso/pending/${token}/link`);
    expect(wrong.body.error.code).toBe("sso_email_mismatch");
    expect((await person.client.get("/api/workplace/access")).body.hasAccess).toBe(false);

    expect((await person.client.post(`/api/sso/pending/${token}/link`)).status).toBe(204);
    expect((await person.client.get("/api/workplace/access")).body.hasAccess).toBe(true);
    const next = await signInWithProvider(start, person.email);
    expect(next.location).toBe("/workplace-wellbeing");
    expect((await next.browser.get("/api/me")).body.id).toBe(person.id);
  });

  it("refuses an ID token for another audience, an expired one, and a replayed answer, signing nobody in", async () => {
    const { start } = await employerWithSignOn(suite.server);
    const email = `checks${Date.now()}@clinique.test`;
    const refusedWith = async (change: (claims: Record<string, unknown>) => Record<string, unknown>) => {
      provider.misbehave(change);
      try {
        const { location, browser } = await signInWithProvider(start, email);
        expect((await browser.get("/api/me")).status).toBe(401);
        return location;
      } finally {
        provider.misbehave(null);
      }
    };
    expect(await refusedWith((claims) => ({ ...claims, aud: "another-client" }))).toBe("/sso/continue?error=sso_answer_refused");
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(await refusedWith((claims) => ({ ...claims, iat: hourAgo - 600, exp: hourAgo }))).toBe("/sso/continue?error=sso_answer_refused");
    // Signed by the provider's key but for another issuer's token too: refused.
    expect(await refusedWith((claims) => ({ ...claims, iss: "https://attacker.example" }))).toBe("/sso/continue?error=sso_answer_refused");

    // The same answer twice: its state was used up.
    const honest = await signInWithProvider(start, email);
    expect(honest.location).toMatch(/^\/sso\/continue\?token=/);
    const replay = await manual(new TestClient(suite.server.url)).get(honest.callback);
    expect(replay.headers.get("location")).toBe("/sso/continue?error=sso_sign_in_expired");
    // The used code with a new sign-in's state: the provider refuses it, and so does Kindly.
    const fresh = await fetch(start, { redirect: "manual" });
    const state = new URL(fresh.headers.get("location")!).searchParams.get("state")!;
    const code = new URL(honest.callback, KINDLY).searchParams.get("code")!;
    const spliced = await manual(new TestClient(suite.server.url)).get(
      `/api/sso/callback?code=${encodeURIComponent(code)}&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
    );
    expect(spliced.headers.get("location")).toBe("/sso/continue?error=sso_answer_refused");
    expect(spliced.setCookie.join()).not.toContain("session_token");
  });

  it("keeps another employer's employee out, and one the staff directory deactivated", async () => {
    const { start, organizationId, owner } = await employerWithSignOn(suite.server);
    const other = await buildEmployer(suite.server, 1);
    const elsewhere = other.employees[0]!;
    const first = await signInWithProvider(start, elsewhere.email);
    const link = await new TestClient(suite.server.url, { cookie: elsewhere.cookie }).post(
      `/api/sso/pending/${tokenOf(first.location)}/link`,
    );
    expect(link.body.error.code).toBe("sso_other_employer");

    // Listed by the directory, then deactivated there: single sign-on does not let them back in.
    const made = await owner.client.post(`/api/organizations/${organizationId}/workplace/directory/token`);
    const scim = new ScimClient(`${suite.server.url}/scim/v2`, made.body.token);
    const person = await signedInUser(suite.server);
    const listed = await scim.create({ userName: person.email, email: person.email });
    expect((await person.client.get("/api/workplace/access")).body.hasAccess).toBe(true);
    const viaSignOn = await signInWithProvider(start, person.email);
    expect((await person.client.post(`/api/sso/pending/${tokenOf(viaSignOn.location)}/link`)).status).toBe(204);
    await scim.setActive(listed.body.id, false);
    const refused = await signInWithProvider(start, person.email);
    expect(refused.location).toBe("/sso/continue?error=sso_access_withdrawn");
    expect((await refused.browser.get("/api/me")).status).toBe(401);
  });
});
