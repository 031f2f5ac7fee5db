import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEmployer } from "../../../test/compliance-fixtures.js";
import { linkFromOutbox, outboxFor, signedInUser, userInput } from "../../../test/factories.js";
import { startDnsServer } from "../../../test/dns-server.js";
import { TestClient } from "../../../test/http-client.js";
import { loginAtProvider, startOidcProvider, type TestOidcProvider } from "../../../test/oidc-provider.js";
import { ScimClient } from "../../../test/scim-client.js";
import { testDrivers, useTestServer, type TestServer } from "../../../test/test-server.js";
import { tidyUp } from "../../../housekeeping.js";

const KINDLY = "http://kindly.test";
// The employers' TXT records are published here; Kindly's resolver asks it (DNS_SERVERS).
const dns = await startDnsServer();
afterAll(() => dns.close());

describe.each(testDrivers())("employer single sign-on with OpenID Connect on %s (issue 47 §1, issue 58 §1–§2)", (driver) => {
  // The provider runs on this machine, which Kindly reaches only because this operator opened it.
  const suite = useTestServer(driver, { env: { DNS_SERVERS: dns.address, OUTBOUND_ALLOW: "127.0.0.1" } });
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

  /** Through the provider and back to Kindly's callback, in the browser that started; the callback's redirect and that browser. */
  async function signInWithProvider(start: string, login: string) {
    const { callback, kindlyCookie } = await loginAtProvider(start, login, KINDLY);
    const browser = manual(new TestClient(suite.server.url, { cookie: kindlyCookie }));
    const answer = await browser.get(callback);
    expect(answer.status).toBe(302);
    return { location: answer.headers.get("location")!, browser, callback, kindlyCookie };
  }

  /** The employer proves it owns `domain`: its TXT record published, then checked from the settings. */
  async function verifyDomain(employer: Awaited<ReturnType<typeof employerWithSignOn>>, domain: string) {
    const added = await employer.owner.client.post(`${employer.settings}/domains`, { domain });
    expect(added.status).toBe(200);
    const record = (added.body.domains as { domain: string; recordName: string; recordValue: string }[]).find((d) => d.domain === domain)!;
    dns.setTxt(record.recordName, ["v=spf1 -all", record.recordValue]);
    const checked = await employer.owner.client.post(`${employer.settings}/domains/${domain}/check`);
    expect(checked.body).toMatchObject({ domain, verifiedAt: expect.any(String) });
  }
  const domainOf = (organizationId: string) => `clinique-${organizationId.slice(0, 8).toLowerCase()}.test`;
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
    // An issuer whose name resolves inside is refused before Kindly connects (only 127.0.0.1 is opened here).
    dns.setAddresses("idp.inside.test", ["10.0.0.5"]);
    dns.setAddresses("metadata.google.internal", ["169.254.169.254"]);
    for (const issuer of [
      "https://idp.inside.test",
      "https://metadata.google.internal",
      "https://100.64.0.1",
      "https://[64:ff9b::7f00:1]",
    ]) {
      const inside = await owner.put(settings, { issuer, clientId: "kindly", clientSecret: "s" });
      expect([issuer, inside.status, inside.body.error.code]).toEqual([issuer, 422, "sso_issuer_refused"]);
    }
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

  it("creates the account of a newcomer at a domain the employer verified, and lets them straight in the next time", async () => {
    const employer = await employerWithSignOn(suite.server);
    const { start, organizationId } = employer;
    const domain = domainOf(organizationId);
    // Before the TXT record is there, the check says so and the domain stays unverified.
    await employer.owner.client.post(`${employer.settings}/domains`, { domain });
    const early = await employer.owner.client.post(`${employer.settings}/domains/${domain}/check`, undefined, {
      "accept-language": "fr-CA",
    });
    expect(early.status).toBe(422);
    expect(early.body.error).toMatchObject({ code: "domain_not_verified", field: "domain" });
    expect(early.body.error.message).toContain("TXT");
    await verifyDomain(employer, domain);
    const email = `amelie@${domain}`;
    provider.accounts.set(email, { name: "Amélie Tremblay" });
    const first = await signInWithProvider(start, email);
    expect(first.location).toMatch(/^\/sso\/continue\?token=[\w-]{43}$/);
    const token = tokenOf(first.location);
    const pending = await first.browser.get(`/api/sso/pending/${token}`);
    expect(pending.body).toMatchObject({ email, accountExists: false, suggestedUsername: "AmelieTremblay", needsConfirmation: false });
    expect((await first.browser.get("/api/me")).status).toBe(401);

    const username = `amelie${organizationId.slice(0, 6)}`;
    const created = await first.browser.post(`/api/sso/pending/${token}/account`, { username });
    expect(created.body).toEqual({ status: "signed_in" });
    const me = await first.browser.get("/api/me");
    expect(me.body).toMatchObject({ username, email });
    // The provider vouched for an address in the employer's verified domain: the account's is confirmed.
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

  it("never plants an account on an address the provider cannot vouch for: the owner confirms it by mail first (pre-account takeover)", async () => {
    const employer = await employerWithSignOn(suite.server);
    await verifyDomain(employer, domainOf(employer.organizationId));
    // The employer's provider says it verified an address at a domain the employer does not own.
    const victim = userInput({ email: `future.${employer.organizationId.slice(0, 8)}@example.org` });
    provider.accounts.set("atk", { email: victim.email, email_verified: true, name: "Not You" });
    const attack = await signInWithProvider(employer.start, "atk");
    const token = tokenOf(attack.location);
    expect((await attack.browser.get(`/api/sso/pending/${token}`)).body).toMatchObject({ email: victim.email, needsConfirmation: true });
    const asked = await attack.browser.post(`/api/sso/pending/${token}/account`, { username: `atk${Date.now() % 1_000_000}` });
    expect(asked.body).toEqual({ status: "confirmation_sent" });
    // No account holds the address, nobody is signed in, and the address's owner got the link.
    const { db } = suite.server.deps;
    expect(await db.selectFrom("users").select("id").where("email", "=", victim.email).executeTakeFirst()).toBeUndefined();
    expect((await attack.browser.get("/api/me")).status).toBe(401);
    const confirmLink = await linkFromOutbox(suite.server, victim.email, "/sso/continue");
    expect((await outboxFor(suite.server, victim.email))[0]!.subject).toContain("Confirm your address");

    // The real owner opens that link in their own browser: it belongs to the browser that started, so nothing happens.
    const owners = new TestClient(suite.server.url);
    const misplaced = await owners.post(`/api/sso/pending/${confirmLink.searchParams.get("token")}/confirm`, {
      code: confirmLink.searchParams.get("confirm"),
    });
    expect(misplaced.status).toBe(403);
    expect(misplaced.body.error.code).toBe("sso_other_browser");
    // They sign up, reset their password and sign in: their own account, with no employer's sign-in linked.
    expect((await owners.post("/api/auth/sign-up", victim)).status).toBe(201);
    const confirm = await linkFromOutbox(suite.server, victim.email, "/auth/confirm");
    expect((await owners.post("/api/auth/confirm-email", { token: confirm.searchParams.get("token") })).body).toMatchObject({
      signedIn: true,
    });
    const mine = (await owners.get("/api/me")).body.id as string;
    expect((await owners.get("/api/me/linked-sign-ins")).body).toEqual({ linkedSignIns: [] });
    // The provider signs in again as "atk": it reaches the first-sign-in page, never the owner's account.
    const later = await signInWithProvider(employer.start, "atk");
    expect(later.location).toMatch(/^\/sso\/continue\?token=/);
    expect((await later.browser.get("/api/me")).status).toBe(401);
    const linkTry = await later.browser.post(`/api/sso/pending/${tokenOf(later.location)}/link`, { password: "not their password" });
    expect(linkTry.body.error.code).toBe("wrong_current_password");
    expect((await later.browser.get("/api/me")).status).toBe(401);
    expect(await db.selectFrom("sso_identities").select("user_id").where("user_id", "=", mine).executeTakeFirst()).toBeUndefined();
  });

  it("makes the account of someone outside the employer's domains once they open the mailed link in the browser that started", async () => {
    const employer = await employerWithSignOn(suite.server);
    const email = `remi.${employer.organizationId.slice(0, 8)}@gmail.test`;
    provider.accounts.set(email, { name: "Rémi Roy" });
    const first = await signInWithProvider(employer.start, email);
    const token = tokenOf(first.location);
    const username = `remi${employer.organizationId.slice(0, 6)}`;
    const asked = await first.browser.post(`/api/sso/pending/${token}/account`, { username }, { "accept-language": "fr-CA" });
    expect(asked.body).toEqual({ status: "confirmation_sent" });
    expect((await first.browser.get(`/api/sso/pending/${token}`)).body).toMatchObject({
      confirmationSent: true,
      suggestedUsername: username,
    });
    const [mail] = await outboxFor(suite.server, email);
    expect(mail!.subject).toContain("Confirmez votre adresse");
    const link = await linkFromOutbox(suite.server, email, "/sso/continue");
    expect(link.searchParams.get("token")).toBe(token);
    const wrongCode = await first.browser.post(`/api/sso/pending/${token}/confirm`, { code: "A".repeat(43) });
    expect(wrongCode.body.error.code).toBe("sso_sign_in_expired");
    const confirmed = await first.browser.post(`/api/sso/pending/${token}/confirm`, { code: link.searchParams.get("confirm") });
    expect(confirmed.status).toBe(204);
    const me = await first.browser.get("/api/me");
    expect(me.body).toMatchObject({ username, email });
    expect((await first.browser.get("/api/workplace/access")).body).toMatchObject({ hasAccess: true });
    // Finishing drops the browser binding.
    expect(confirmed.setCookie.join()).toMatch(/kindly-sso=;/);
  });

  it("signs nobody in from a callback or a first-sign-in page opened in another browser (login CSRF)", async () => {
    const employer = await employerWithSignOn(suite.server);
    await verifyDomain(employer, domainOf(employer.organizationId));
    // The attacker starts a sign-in with their own employee account and sends the callback URL to someone.
    const attacker = `attacker@${domainOf(employer.organizationId)}`;
    const { callback } = await loginAtProvider(employer.start, attacker, KINDLY);
    const victim = manual(new TestClient(suite.server.url));
    const answer = await victim.get(callback);
    expect(answer.headers.get("location")).toBe("/sso/continue?error=sso_other_browser");
    expect(answer.setCookie.join()).not.toContain("session_token");
    expect((await victim.get("/api/me")).status).toBe(401);
    // A first-sign-in page's token without the browser's cookie: refused at every step.
    const own = await signInWithProvider(employer.start, attacker);
    const token = tokenOf(own.location);
    const elsewhere = manual(new TestClient(suite.server.url));
    expect((await elsewhere.get(`/api/sso/pending/${token}`)).body.error.code).toBe("sso_other_browser");
    expect((await elsewhere.post(`/api/sso/pending/${token}/account`, { username: `csrf${Date.now() % 100000}` })).status).toBe(403);
    expect((await elsewhere.get("/api/me")).status).toBe(401);
    // The cookie is HttpOnly and SameSite=Lax.
    expect(own.kindlyCookie).toMatch(/^kindly-sso=[\w-]{43}$/);
    const started = await fetch(employer.start, { redirect: "manual" });
    expect(started.headers.getSetCookie().join()).toMatch(/kindly-sso=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
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

  it("links an existing Kindly account only with its password entered there, never by the email or an open session alone", async () => {
    const { start } = await employerWithSignOn(suite.server);
    const person = await signedInUser(suite.server);
    const first = await signInWithProvider(start, person.email);
    const token = tokenOf(first.location);
    expect((await first.browser.get(`/api/sso/pending/${token}`)).body).toMatchObject({ accountExists: true });
    // Creating a second account on the address is refused; so is linking with a wrong password or none.
    const taken = await first.browser.post(`/api/sso/pending/${token}/account`, { username: `other${Date.now() % 100000}` });
    expect(taken.body.error.code).toBe("sso_account_exists");
    expect((await first.browser.post(`/api/sso/pending/${token}/link`, {})).status).toBe(400);
    const wrong = await first.browser.post(`/api/sso/pending/${token}/link`, { password: "not the password" });
    expect(wrong.body.error).toMatchObject({ code: "wrong_current_password", field: "password" });
    expect((await person.client.get("/api/workplace/access")).body.hasAccess).toBe(false);

    const linked = await first.browser.post(`/api/sso/pending/${token}/link`, { password: person.password });
    expect(linked.status).toBe(204);
    expect((await first.browser.get("/api/me")).body.id).toBe(person.id);
    expect((await person.client.get("/api/workplace/access")).body.hasAccess).toBe(true);
    const next = await signInWithProvider(start, person.email);
    expect(next.location).toBe("/workplace-wellbeing");
    expect((await next.browser.get("/api/me")).body.id).toBe(person.id);
    // Its owner sees the link and may cut it off; the provider then reaches the first-sign-in page again.
    const listed = await person.client.get("/api/me/linked-sign-ins");
    expect(listed.body.linkedSignIns).toEqual([
      expect.objectContaining({ organizationId: expect.any(String), employerName: expect.any(String) }),
    ]);
    const organizationId = listed.body.linkedSignIns[0].organizationId as string;
    expect((await person.client.delete(`/api/me/linked-sign-ins/${organizationId}`)).status).toBe(204);
    expect((await signInWithProvider(start, person.email)).location).toMatch(/^\/sso\/continue\?token=/);
  });

  it("shows the employers' sign-ins linked to an account on its password reset, and lets the person remove them there", async () => {
    const { start } = await employerWithSignOn(suite.server);
    const person = await signedInUser(suite.server);
    const first = await signInWithProvider(start, person.email);
    expect((await first.browser.post(`/api/sso/pending/${tokenOf(first.location)}/link`, { password: person.password })).status).toBe(204);
    const browser = new TestClient(suite.server.url);
    expect((await browser.post("/api/auth/forgot-password", { email: person.email })).status).toBe(200);
    const reset = await linkFromOutbox(suite.server, person.email, "/reset-password");
    const resetToken = reset.searchParams.get("token")!;
    const shown = await browser.post("/api/reset-password/linked-sign-ins", { token: resetToken });
    expect(shown.body.linkedSignIns).toHaveLength(1);
    const { organizationId } = shown.body.linkedSignIns[0];
    expect((await browser.post("/api/reset-password/linked-sign-ins/remove", { token: "x".repeat(40), organizationId })).status).toBe(404);
    expect((await browser.post("/api/reset-password/linked-sign-ins/remove", { token: resetToken, organizationId })).status).toBe(204);
    expect((await browser.post("/api/reset-password/linked-sign-ins", { token: resetToken })).body.linkedSignIns).toEqual([]);
    expect((await browser.post("/api/auth/reset-password", { token: resetToken, password: "a new long passphrase" })).status).toBe(200);
    // Sessions opened before the reset end with it.
    expect((await person.client.get("/api/me")).status).toBe(401);
    expect((await signInWithProvider(start, person.email)).location).toMatch(/^\/sso\/continue\?token=/);
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
    const replay = await manual(new TestClient(suite.server.url, { cookie: honest.kindlyCookie })).get(honest.callback);
    expect(replay.headers.get("location")).toBe("/sso/continue?error=sso_sign_in_expired");
    // The used code with a new sign-in's state: the provider refuses it, and so does Kindly.
    const fresh = await fetch(start, { redirect: "manual" });
    const state = new URL(fresh.headers.get("location")!).searchParams.get("state")!;
    const freshCookie = fresh.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const code = new URL(honest.callback, KINDLY).searchParams.get("code")!;
    const spliced = await manual(new TestClient(suite.server.url, { cookie: freshCookie })).get(
      `/api/sso/callback?code=${encodeURIComponent(code)}&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
    );
    expect(spliced.headers.get("location")).toBe("/sso/continue?error=sso_answer_refused");
    expect(spliced.setCookie.join()).not.toContain("session_token");
  });

  it("keeps another employer's employee out, and one the staff directory deactivated", async () => {
    const { start, organizationId, owner } = await employerWithSignOn(suite.server);
    const other = await buildEmployer(suite.server, 0);
    const elsewhere = await signedInUser(suite.server);
    await suite.server.deps.db
      .insertInto("workplace_access")
      .values({ user_id: elsewhere.id, organization_id: other.organizationId })
      .execute();
    const first = await signInWithProvider(start, elsewhere.email);
    const link = await first.browser.post(`/api/sso/pending/${tokenOf(first.location)}/link`, { password: elsewhere.password });
    expect(link.body.error.code).toBe("sso_other_employer");

    // Listed by the directory, then deactivated there: single sign-on does not let them back in.
    const made = await owner.client.post(`/api/organizations/${organizationId}/workplace/directory/token`);
    const scim = new ScimClient(`${suite.server.url}/scim/v2`, made.body.token);
    const person = await signedInUser(suite.server);
    const listed = await scim.create({ userName: person.email, email: person.email });
    // The directory only proposes; signing in with the employer's provider (and the password, to link) is the person's yes.
    expect((await person.client.get("/api/workplace/access")).body).toMatchObject({ hasAccess: false, invitation: { id: listed.body.id } });
    const viaSignOn = await signInWithProvider(start, person.email);
    expect(
      (await viaSignOn.browser.post(`/api/sso/pending/${tokenOf(viaSignOn.location)}/link`, { password: person.password })).status,
    ).toBe(204);
    await scim.setActive(listed.body.id, false);
    const refused = await signInWithProvider(start, person.email);
    expect(refused.location).toBe("/sso/continue?error=sso_access_withdrawn");
    expect((await refused.browser.get("/api/me")).status).toBe(401);
  });
});
