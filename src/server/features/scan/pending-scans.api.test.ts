import { describe, expect, it } from "vitest";
import { buildOrganization, linkFromOutbox, outboxFor, signedInUser, userInput } from "../../test/factories.js";
import { testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";

// docs/design.md §4.12: a scan made while signed out survives sign-up and the
// confirmation (in another browser too), and is recorded once, under every rule.

async function actsOf(server: TestServer, userId: string) {
  return server.deps.db.selectFrom("acts").select(["id", "card_type", "latitude"]).where("user_id", "=", userId).execute();
}

async function userIdOf(server: TestServer, email: string) {
  return (await server.deps.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

describe.each(testDrivers())("scans kept while signed out on %s", (driver) => {
  const suite = useTestServer(driver);

  /** A stranger scans while signed out, signs up with the claim, and the confirmation link (from the mail) comes back. */
  async function strangerSignsUpWith(code: Record<string, unknown>) {
    const phone = suite.client.fresh();
    const kept = await phone.post("/api/scans/pending", code);
    expect(kept.status).toBe(201);
    const user = userInput();
    expect((await phone.post("/api/auth/sign-up", { ...user, claim: kept.body.token })).status).toBe(201);
    const link = await linkFromOutbox(suite.server, user.email, "/auth/confirm");
    return { phone, user, token: kept.body.token as string, link };
  }

  it("keeps a card's scan, carries it in the confirmation link, and records it when the link opens in another browser", async () => {
    const codes = await buildOrganization(suite.server.deps.db);
    const { user, token, link } = await strangerSignsUpWith({ ...codes.portable, card: 7 });
    // Nothing is counted and no number taken before the claim; only a hash of the token is kept.
    const stored = await suite.server.deps.db.selectFrom("pending_scans").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(link.searchParams.get("claim")).toBe(token);

    // The mail app's browser: no cookie of the sign-up's.
    const mailApp = suite.client.fresh();
    const confirm = await mailApp.post("/api/auth/confirm-email", { token: link.searchParams.get("token"), claim: token });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ ok: true, signedIn: true, claim: "recorded" });
    const mine = await mailApp.get("/api/me/acts");
    expect(mine.status).toBe(200);
    expect(mine.body.acts).toHaveLength(1);
    const id = await userIdOf(suite.server, user.email);
    expect(await actsOf(suite.server, id)).toEqual([expect.objectContaining({ card_type: "portable" })]);

    // The scan page asks again: the same card, not a second act.
    const reveal = await mailApp.post("/api/scans/pending/claim", { token });
    expect(reveal.status).toBe(200);
    expect(reveal.body).toMatchObject({ status: "success", newAchievements: ["first_record"], journeyId: expect.any(String) });
    expect((await mailApp.post("/api/scans/pending/claim", { token })).body.actNumber).toBe(reveal.body.actNumber);
    // The link used again signs nobody in, and claims nothing.
    const again = await suite.client.fresh().post("/api/auth/confirm-email", { token: link.searchParams.get("token"), claim: token });
    expect(again.body).toEqual({ ok: true, signedIn: false, claim: null });
    // Someone else with the token hears it was used.
    const other = await signedInUser(suite.server);
    const stolen = await other.client.post("/api/scans/pending/claim", { token });
    expect(stolen.status).toBe(409);
    expect(stolen.body.error.code).toBe("claim_used");
    expect(await actsOf(suite.server, id)).toHaveLength(1);
    expect(await actsOf(suite.server, other.id)).toHaveLength(0);
  });

  it("tells the stranger the card's story before any form, and the confirmation email names the act that waits", async () => {
    const codes = await buildOrganization(suite.server.deps.db);
    const card = { ...codes.portable, card: 9 };
    // Two people held card 9 before, one of them twice; one kept their name private. Positions count whatever they chose.
    const [first, second] = [await signedInUser(suite.server), await signedInUser(suite.server)];
    expect((await first.client.post("/api/scans", card)).status).toBe(201);
    expect((await second.client.post("/api/scans", card)).status).toBe(201);
    await suite.server.deps.db.updateTable("acts").set({ latitude: 45.5, longitude: -73.57 }).where("user_id", "=", first.id).execute();
    await suite.server.deps.db.updateTable("acts").set({ latitude: 45.56, longitude: -73.72 }).where("user_id", "=", second.id).execute();

    const phone = suite.client.fresh();
    const kept = await phone.post("/api/scans/pending", card);
    expect(kept.status).toBe(201);
    expect(kept.body.type).toBe("portable");
    expect(kept.body.story).toEqual({ people: 2, since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), distanceKm: 13 });
    // Nothing in it names or places anyone.
    for (const person of [first, second]) expect(JSON.stringify(kept.body)).not.toContain(person.username);
    // The expiry is a time of the clock (it may hold "45.5" as in 23:23:45.599Z): the rest must hold no position.
    const { expiresAt, ...described } = kept.body as { expiresAt: string };
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    expect(JSON.stringify(described)).not.toContain("45.5");

    const user = userInput();
    expect((await phone.post("/api/auth/sign-up", { ...user, claim: kept.body.token })).status).toBe(201);
    await linkFromOutbox(suite.server, user.email, "/auth/confirm");
    const [mail] = await outboxFor(suite.server, user.email);
    const organization = await suite.server.deps.db
      .selectFrom("organizations")
      .select("name")
      .where("org_code", "=", card.org)
      .executeTakeFirstOrThrow();
    // A card someone passed on was not scanned "at" its organisation (issue 60).
    expect(mail!.subject).toBe("The card passed on to you is waiting");
    expect(mail!.text_body).toContain(`the card someone passed on to you, from ${organization.name}, opens`);
    expect(mail!.text_body).not.toContain("scanned at");

    // A place's code has no story, and its mail names the place it was scanned at.
    const atThePlace = suite.client.fresh();
    const placeKept = await atThePlace.post("/api/scans/pending", codes.physical);
    expect(placeKept.body.story).toBeNull();
    const visitor = userInput();
    expect((await atThePlace.post("/api/auth/sign-up", { ...visitor, claim: placeKept.body.token })).status).toBe(201);
    await linkFromOutbox(suite.server, visitor.email, "/auth/confirm");
    const [placeMail] = await outboxFor(suite.server, visitor.email);
    expect(placeMail!.subject).toBe(`Your act at ${organization.name} is waiting`);
    expect(placeMail!.text_body).toContain(`the card you scanned at ${organization.name} opens`);

    // A sign-up with no act waiting gets the plain confirmation.
    const plain = userInput();
    expect((await suite.client.fresh().post("/api/auth/sign-up", plain)).status).toBe(201);
    await linkFromOutbox(suite.server, plain.email, "/auth/confirm");
    expect((await outboxFor(suite.server, plain.email))[0]!.subject).toBe("Confirm your Kindly account");
  });

  it("judges a place's position when the scan is kept: 2 km away is refused, inside the radius is kept and recorded there", async () => {
    const codes = await buildOrganization(suite.server.deps.db);
    const place = codes.virtual[0]!;
    const visitor = suite.client.fresh();
    const far = await visitor.post("/api/scans/pending", { ...place.code, lat: place.at.lat + 0.018, lon: place.at.lon });
    expect(far.status).toBe(422);
    expect(far.body.error.code).toBe("out_of_range");
    expect(far.body.error.details.distanceMeters).toBeGreaterThan(1900);
    expect((await visitor.post("/api/scans/pending", place.code)).body.error.code).toBe("location_required");
    expect(await suite.server.deps.db.selectFrom("pending_scans").select("id").where("loc", "=", place.code.loc).execute()).toEqual([]);

    const { user, token, link } = await strangerSignsUpWith({ ...place.code, lat: place.at.lat + 0.0003, lon: place.at.lon });
    const confirm = await suite.client.fresh().post("/api/auth/confirm-email", { token: link.searchParams.get("token"), claim: token });
    expect(confirm.body.claim).toBe("recorded");
    const [act] = await actsOf(suite.server, await userIdOf(suite.server, user.email));
    expect(act).toMatchObject({ card_type: "virtual", latitude: place.at.lat + 0.0003 });
  });

  it("refuses an expired claim, an unknown one, a renewed card's, and one the rules refuse, saying why", async () => {
    const codes = await buildOrganization(suite.server.deps.db);
    const person = await signedInUser(suite.server);
    const keep = async (code: Record<string, unknown>) =>
      (await suite.client.fresh().post("/api/scans/pending", code)).body.token as string;

    const expired = await keep(codes.physical);
    await suite.server.deps.db
      .updateTable("pending_scans")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("loc", "=", codes.physical.loc)
      .execute();
    const late = await person.client.post("/api/scans/pending/claim", { token: expired });
    expect(late.status).toBe(410);
    expect(late.body.error).toEqual({
      code: "claim_expired",
      message: "This saved act waited more than 24 hours and has expired. Scan the code again to record it.",
    });
    const unknown = await person.client.post("/api/scans/pending/claim", { token: "A".repeat(43) });
    expect(unknown.body.error.code).toBe("claim_not_found");
    expect((await person.client.post("/api/scans/pending/claim", { token: "short" })).status).toBe(400);

    // The organisation renewed the card's code between the scan and the claim.
    const renewed = await keep(codes.portable);
    await suite.server.deps.db
      .updateTable("card_series")
      .set({ qr_token: "renewed-token" })
      .where("qr_token", "=", codes.portable.loc)
      .execute();
    expect((await person.client.post("/api/scans/pending/claim", { token: renewed })).body.error.code).toBe("invalid_qr");

    // Once per organisation: the person already has this organisation's card.
    const other = await buildOrganization(suite.server.deps.db);
    expect((await person.client.post("/api/scans", other.physical)).status).toBe(201);
    const duplicate = await keep(other.portable);
    const refused = await person.client.post("/api/scans/pending/claim", { token: duplicate });
    expect(refused.body.error.code).toBe("already_scanned_organisation");
    // Refused, it stays unspent: nothing was recorded.
    const row = await suite.server.deps.db
      .selectFrom("pending_scans")
      .select("claimed_by")
      .where("loc", "=", other.portable.loc)
      .executeTakeFirstOrThrow();
    expect(row.claimed_by).toBeNull();
    expect(await actsOf(suite.server, person.id)).toHaveLength(1);
    // Claiming needs an account.
    expect((await suite.client.fresh().post("/api/scans/pending/claim", { token: duplicate })).status).toBe(401);
  });

  /** Lets an account email go again at once (a minute's cooldown per kind and address otherwise skips it). */
  const forgetEmailCooldown = (email: string) =>
    suite.server.deps.db.deleteFrom("rate_limit_counters").where("key", "like", `email:%${email.toLowerCase()}`).execute();

  it("carries the claim through a resent confirmation and a password reset asked from the browser that holds it", async () => {
    const codes = await buildOrganization(suite.server.deps.db);
    const { phone, user, token } = await strangerSignsUpWith(codes.physical);
    // The scan's browser holds the claim in an HttpOnly cookie, sealed by the server.
    expect(phone.cookieHeader()).toMatch(/kindly\.claim=[\w-]{43}\.[\w-]+/);
    // Another browser naming the same claim gets a confirmation without it.
    await forgetEmailCooldown(user.email);
    expect((await suite.client.fresh().post("/api/auth/resend-confirmation", { email: user.email, claim: token })).status).toBe(200);
    expect((await linkFromOutbox(suite.server, user.email, "/auth/confirm")).searchParams.get("claim")).toBeNull();
    // The scan's browser gets it carried.
    await forgetEmailCooldown(user.email);
    expect((await phone.post("/api/auth/resend-confirmation", { email: user.email, claim: token })).status).toBe(200);
    const resent = await linkFromOutbox(suite.server, user.email, "/auth/confirm");
    expect(resent.searchParams.get("claim")).toBe(token);
    await phone.post("/api/auth/confirm-email", { token: resent.searchParams.get("token") });
    // Signed in by the confirmation elsewhere, the person forgets the password on the scan's browser:
    // the reset link carries the claim, and the browser the link opens in claims it.
    expect((await phone.post("/api/auth/forgot-password", { email: user.email, claim: token })).status).toBe(200);
    const reset = await linkFromOutbox(suite.server, user.email, "/reset-password");
    expect(reset.searchParams.get("claim")).toBe(token);
    const resetTab = suite.client.fresh();
    expect(
      (await resetTab.post("/api/auth/reset-password", { token: reset.searchParams.get("token"), password: "a brand new phrase" })).status,
    ).toBe(200);
    expect((await resetTab.post("/api/auth/sign-in", { email: user.email, password: "a brand new phrase" })).status).toBe(200);
    const claimed = await resetTab.post("/api/scans/pending/claim", { token });
    expect(claimed.status).toBe(200);
    expect(claimed.body.organizationName).toBe(codes.org.name);
  });

  it("never pushes someone's scan onto another person's emails (issue 46 §3)", async () => {
    const codes = await buildOrganization(suite.server.deps.db);
    const victim = await signedInUser(suite.server);
    // The attacker keeps a scan, then asks for the victim's reset with it in the body: without its cookie,
    // with a cookie forged for it, with the cookie of another scan the attacker holds, and from the very
    // browser that holds it (issue 58 §7: that browser is not the victim's, signed in or creating the account).
    const attacker = suite.client.fresh();
    const kept = await attacker.post("/api/scans/pending", codes.physical);
    expect(kept.status).toBe(201);
    const mine = kept.body.token as string;
    const other = suite.client.fresh();
    expect((await other.post("/api/scans/pending", { ...codes.portable, card: 9 })).status).toBe(201);
    const forged = suite.client.fresh({ cookie: `kindly.claim=${mine}.${"A".repeat(22)}` });
    for (const client of [suite.client.fresh(), forged, other, attacker]) {
      await forgetEmailCooldown(victim.email);
      expect((await client.post("/api/auth/forgot-password", { email: victim.email, claim: mine })).status).toBe(200);
      await forgetEmailCooldown(victim.email);
      expect((await client.post("/api/auth/resend-confirmation", { email: victim.email, claim: mine })).status).toBe(200);
      const reset = await linkFromOutbox(suite.server, victim.email, "/reset-password");
      expect(reset.searchParams.get("claim")).toBeNull();
    }
    for (const mail of await outboxFor(suite.server, victim.email)) expect(mail.text_body).not.toContain(mine);
    // A forged cookie (the token with a seal of its own) is no cookie: a sign-up's confirmation carries nothing.
    const forger = suite.client.fresh({ cookie: `kindly.claim=${mine}.${"A".repeat(22)}` });
    const newcomer = userInput();
    expect((await forger.post("/api/auth/sign-up", { ...newcomer, claim: mine })).status).toBe(201);
    expect((await linkFromOutbox(suite.server, newcomer.email, "/auth/confirm")).searchParams.get("claim")).toBeNull();
    // The scan still waits for its own person, who claims it signed in.
    const owner = await signedInUser(suite.server);
    expect((await owner.client.post("/api/scans/pending/claim", { token: mine })).status).toBe(200);
  });

  it("two confirmations of one link at once record one act", async () => {
    const codes = await buildOrganization(suite.server.deps.db);
    const { user, token, link } = await strangerSignsUpWith(codes.physical);
    const body = { token: link.searchParams.get("token"), claim: token };
    const answers = await Promise.all(Array.from({ length: 4 }, () => suite.client.fresh().post("/api/auth/confirm-email", body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await actsOf(suite.server, await userIdOf(suite.server, user.email))).toHaveLength(1);
  });

  it("parallel claims by one person record one act and all show it", async () => {
    const codes = await buildOrganization(suite.server.deps.db);
    const person = await signedInUser(suite.server);
    const token = (await suite.client.fresh().post("/api/scans/pending", codes.physical)).body.token as string;
    const answers = await Promise.all(Array.from({ length: 6 }, () => person.client.post("/api/scans/pending/claim", { token })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.actNumber)).size).toBe(1);
    expect(await actsOf(suite.server, person.id)).toHaveLength(1);
  });
});
