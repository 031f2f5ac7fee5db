import { describe, expect, it } from "vitest";
import { linkFromOutbox, outboxFor, signedInUser, userInput } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers())("accounts over HTTP on %s", (driver) => {
  const suite = useTestServer(driver);

  it("signs up, refuses sign-in until the emailed link confirms the address, then opens a 30-day session", async () => {
    const user = userInput();
    const tab = suite.client.fresh();
    expect((await tab.post("/api/auth/sign-up", user)).status).toBe(201);

    const early = await tab.post("/api/auth/sign-in", { email: user.email, password: user.password });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe("email_not_verified");

    const link = await linkFromOutbox(suite.server, user.email, "/auth/confirm");
    expect(link.pathname).toBe("/auth/confirm");
    expect(link.searchParams.get("type")).toBe("signup");
    // The link's first use signs its person in, wherever it opens.
    const mailApp = suite.client.fresh();
    const confirm = await mailApp.post("/api/auth/confirm-email", { token: link.searchParams.get("token") });
    expect(confirm.body).toEqual({ ok: true, signedIn: true, claim: null });
    expect((await mailApp.get("/api/me")).body.username).toBe(user.username);

    const signIn = await tab.post("/api/auth/sign-in", { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ username: user.username, email: user.email, country: "CA", onboardingCompleted: false });
    const cookie = signIn.setCookie.find((line) => line.startsWith("kindly.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const maxAge = Number(cookie.match(/Max-Age=(\d+)/i)?.[1]);
    expect(maxAge).toBe(30 * 24 * 60 * 60);

    expect((await tab.get("/api/me")).body.username).toBe(user.username);
    // Signed in by the confirmation in the mail app, the newcomer is still new in their own browser: "Welcome", not "Welcome back".
    expect(signIn.body.firstSignIn).toBe(true);
    // Days later, they are welcomed back.
    await suite.server.deps.db
      .updateTable("users")
      .set({ created_at: new Date(Date.now() - 3 * 86_400_000) })
      .where("email", "=", user.email)
      .execute();
    const again = await suite.client.fresh().post("/api/auth/sign-in", { email: user.email, password: user.password });
    expect(again.body.firstSignIn).toBe(false);
  });

  it("rejects a broken confirmation token", async () => {
    const res = await suite.client.post("/api/auth/confirm-email", { token: "not-a-token" });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("invalid_token");
  });

  it("ends the session on the suite.server when signing out", async () => {
    const user = await signedInUser(suite.server);
    const stolenCookieCopy = user.client.fresh();
    // Copy the cookie into a second suite.client, as if it had been saved elsewhere.
    Object.assign(stolenCookieCopy, { cookies: new Map((user.client as any).cookies) });
    expect((await user.client.post("/api/auth/sign-out")).status).toBe(200);
    expect((await user.client.get("/api/me")).status).toBe(401);
    expect((await stolenCookieCopy.get("/api/me")).status).toBe(401);
    expect((await suite.client.get("/api/auth/session")).body.user).toBeNull();
  });

  it("checks usernames: format, case-insensitive uniqueness, with the spec's messages", async () => {
    const existing = await signedInUser(suite.server);
    const check = async (name: string) => (await suite.client.get(`/api/usernames/availability?username=${encodeURIComponent(name)}`)).body;
    expect(await check("ab")).toEqual({ available: false, reason: "Username must be at least 3 characters" });
    expect((await check("bad name!")).available).toBe(false);
    expect(await check(existing.username.toUpperCase())).toEqual({ available: false, reason: "Username not available" });
    expect(await check("freshname123")).toEqual({ available: true });
    const french = await suite.client.get("/api/usernames/availability?username=ab", { "x-kindly-language": "fr" });
    expect(french.body.reason).toBe("Le nom d’utilisateur doit comporter au moins 3 caractères");

    const taken = await suite.client.post("/api/auth/sign-up", userInput({ username: existing.username.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: "username_taken", field: "username" });
  });

  it("gives a username to exactly one of several people signing up with it at once", async () => {
    const username = userInput().username;
    const racers = Array.from({ length: 6 }, (_, i) => userInput({ username: i % 2 ? username : username.toUpperCase() }));
    const answers = await Promise.all(racers.map((racer) => suite.client.fresh().post("/api/auth/sign-up", racer)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const losers = answers.filter((answer) => answer.status !== 201);
    expect(losers.map((answer) => [answer.status, answer.body.error.code, answer.body.error.field])).toEqual(
      Array.from({ length: 5 }, () => [409, "username_taken", "username"]),
    );
    const rows = await suite.server.deps.db
      .selectFrom("users")
      .select("email")
      .where(
        "email",
        "in",
        racers.map((racer) => racer.email),
      )
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("never opens a second account on an existing email, without revealing that it exists", async () => {
    const existing = await signedInUser(suite.server, { password: "the owner's secret" });
    const fresh = userInput();
    const repeat = userInput({ email: existing.email.toUpperCase(), password: "an intruder's guess" });
    const unknownAnswer = await suite.client.post("/api/auth/sign-up", fresh);
    const knownAnswer = await suite.client.post("/api/auth/sign-up", repeat);
    expect(knownAnswer.status).toBe(unknownAnswer.status);
    expect(knownAnswer.body).toEqual(unknownAnswer.body);
    const rows = await suite.server.deps.db.selectFrom("users").select("username").where("email", "=", existing.email).execute();
    expect(rows).toEqual([{ username: existing.username }]);
    // The owner's password still works; the newcomer's does not.
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: existing.email, password: existing.password })).status).toBe(200);
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: existing.email, password: repeat.password })).status).toBe(401);
  });

  it("names the invalid field with a 400 and never creates the account", async () => {
    const user = userInput({ password: "short" });
    const res = await suite.client.post("/api/auth/sign-up", user);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_input", field: "password" });
    expect(res.body.error.message).toContain("at least 8 characters");
    const country = await suite.client.post("/api/auth/sign-up", userInput({ country: "XX" }));
    expect(country.body.error.field).toBe("country");
    expect(await outboxFor(suite.server, user.email)).toHaveLength(0);
  });

  it("resets a forgotten password with the emailed link, ending every old session", async () => {
    const user = await signedInUser(suite.server);
    const unknown = await suite.client.post("/api/auth/forgot-password", { email: "nobody@example.test" });
    const known = await suite.client.post("/api/auth/forgot-password", { email: user.email });
    // The same answer whether or not the address has an account.
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await outboxFor(suite.server, "nobody@example.test")).toHaveLength(0);

    const link = await linkFromOutbox(suite.server, user.email, "/reset-password");
    const token = link.searchParams.get("token")!;
    // The page asks about its link before showing the form.
    expect((await suite.client.post("/api/auth/reset-password/check", { token })).status).toBe(200);
    expect((await suite.client.post("/api/auth/reset-password/check", { token: "forged" })).body.error.code).toBe("invalid_token");
    const bad = await suite.client.post("/api/auth/reset-password", { token: "forged", password: "a brand new secret" });
    expect(bad.body.error.code).toBe("invalid_token");
    const tooShort = await suite.client.post("/api/auth/reset-password", { token, password: "1234567" });
    expect(tooShort.body.error.field).toBe("password");

    expect((await suite.client.post("/api/auth/reset-password", { token, password: "a brand new secret" })).status).toBe(200);
    expect((await user.client.get("/api/me")).status).toBe(401);
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: user.email, password: user.password })).status).toBe(401);
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: user.email, password: "a brand new secret" })).status).toBe(200);
    const reused = await suite.client.post("/api/auth/reset-password", { token, password: "yet another secret" });
    expect(reused.body.error.code).toBe("invalid_token");
    expect((await suite.client.post("/api/auth/reset-password/check", { token })).body.error.code).toBe("invalid_token");
  });

  it("changes the password with the current one and can end the other sessions", async () => {
    const user = await signedInUser(suite.server);
    const otherDevice = suite.client.fresh();
    await otherDevice.post("/api/auth/sign-in", { email: user.email, password: user.password });

    const wrong = await user.client.post("/api/auth/change-password", {
      currentPassword: "not it at all",
      newPassword: "another long secret",
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe("wrong_current_password");
    const short = await user.client.post("/api/auth/change-password", { currentPassword: user.password, newPassword: "short" });
    expect(short.body.error.field).toBe("newPassword");
    expect(
      (await suite.client.fresh().post("/api/auth/change-password", { currentPassword: "x", newPassword: "another long secret" })).status,
    ).toBe(401);

    // Other sessions end unless the person asks to keep them: the API's default is the form's.
    const ok = await user.client.post("/api/auth/change-password", { currentPassword: user.password, newPassword: "another long secret" });
    expect(ok.status).toBe(200);
    expect((await user.client.get("/api/me")).status).toBe(200);
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    const laptop = suite.client.fresh();
    expect((await laptop.post("/api/auth/sign-in", { email: user.email, password: "another long secret" })).status).toBe(200);
    const kept = await user.client.post("/api/auth/change-password", {
      currentPassword: "another long secret",
      newPassword: "a third long secret",
      revokeOtherSessions: false,
    });
    expect(kept.status).toBe(200);
    expect((await laptop.get("/api/me")).status).toBe(200);
  });

  it("keeps at most one email of a kind per address per minute", async () => {
    const user = userInput();
    await suite.client.post("/api/auth/sign-up", user);
    await suite.client.post("/api/auth/resend-confirmation", { email: user.email });
    await suite.client.post("/api/auth/resend-confirmation", { email: user.email });
    expect(await outboxFor(suite.server, user.email)).toHaveLength(1);
    // Known and unknown addresses get the same answer.
    const unknown = await suite.client.post("/api/auth/resend-confirmation", { email: "ghost@example.test" });
    expect(unknown.status).toBe(200);
  });
});
