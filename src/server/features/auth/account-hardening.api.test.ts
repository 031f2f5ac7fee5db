import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { backgroundSettled } from "../../http/after-response.js";
import { linkFromOutbox, outboxFor, signedInUser, userInput } from "../../test/factories.js";
import { testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";
import { isCommonPassword } from "./password-policy.js";

/** Holds every outgoing mail until `open()`; what the server answers meanwhile did not wait for mail. */
function holdMail(server: TestServer) {
  const mailer = server.deps.mailer;
  const send = mailer.send.bind(mailer);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  mailer.send = async (message) => {
    held++;
    await gate;
    return send(message);
  };
  return {
    held: () => held,
    async release() {
      open();
      await backgroundSettled();
      mailer.send = send;
    },
  };
}

describe.each(testDrivers())("account hardening (issue 15 review) on %s", (driver) => {
  const suite = useTestServer(driver);

  it("answers resend-confirmation and forgot-email before any mail is sent, so timing tells nothing", async () => {
    const pending = userInput();
    expect((await suite.client.post("/api/auth/sign-up", pending)).status).toBe(201);
    const member = await signedInUser(suite.server);
    await backgroundSettled();
    const mail = holdMail(suite.server);
    try {
      const resend = await suite.client.post("/api/auth/resend-confirmation", { email: pending.email });
      const recover = await suite.client.post("/api/auth/forgot-email", { username: member.username });
      expect([resend.status, recover.status]).toEqual([200, 200]);
    } finally {
      await mail.release();
    }
    // The mails left after the answers (the resent confirmation may fall in the one-a-minute cooldown).
    expect(mail.held()).toBeGreaterThanOrEqual(1);
    await linkFromOutbox(suite.server, member.email, "/recover-email");
  });

  it("lets the owner of an address win over an earlier, never-confirmed sign-up with it (pre-hijack)", async () => {
    const attacker = userInput({ username: `Callme${Date.now() % 1e6}`, password: "attacker owns this one" });
    const victim = userInput({ email: attacker.email, password: "the real owner's secret" });
    expect((await suite.client.post("/api/auth/sign-up", attacker)).status).toBe(201);
    expect((await suite.client.post("/api/auth/sign-up", victim)).status).toBe(201);

    const rows = await suite.server.deps.db.selectFrom("users").select("username").where("email", "=", victim.email).execute();
    expect(rows).toEqual([{ username: victim.username }]);
    // No confirmation mail greets whoever typed the address: the attacker's name never reaches the inbox.
    const mails = await outboxFor(suite.server, victim.email);
    expect(mails.length).toBeGreaterThan(0);
    for (const message of mails) expect(`${message.subject} ${message.text_body}`).not.toContain(attacker.username);

    const link = await linkFromOutbox(suite.server, victim.email, "/auth/confirm");
    expect((await suite.client.post("/api/auth/confirm-email", { token: link.searchParams.get("token") })).status).toBe(200);
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: victim.email, password: victim.password })).status).toBe(200);
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: victim.email, password: attacker.password })).status).toBe(401);
  });

  it("refuses a confirmation link issued before the account now on the address was opened", async () => {
    const owner = userInput();
    await suite.client.post("/api/auth/sign-up", owner);
    const ownersLink = await linkFromOutbox(suite.server, owner.email, "/auth/confirm");
    // Someone signs up again with the address later on (here: ten seconds later).
    const later = userInput({ email: owner.email, password: "a later sign-up's secret" });
    await suite.client.post("/api/auth/sign-up", later);
    await suite.server.deps.db
      .updateTable("users")
      .set({ created_at: sql`created_at + interval '10 seconds'` })
      .where("email", "=", owner.email)
      .execute();
    const stale = await suite.client.post("/api/auth/confirm-email", { token: ownersLink.searchParams.get("token") });
    expect(stale.status).toBe(404);
    expect(stale.body.error.code).toBe("invalid_token");
    const row = await suite.server.deps.db
      .selectFrom("users")
      .select("email_verified")
      .where("email", "=", owner.email)
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(false);
  });

  it("never replaces an account that has been confirmed or used", async () => {
    const member = await signedInUser(suite.server);
    const again = userInput({ email: member.email });
    expect((await suite.client.post("/api/auth/sign-up", again)).status).toBe(201);
    const rows = await suite.server.deps.db.selectFrom("users").select(["id", "username"]).where("email", "=", member.email).execute();
    expect(rows).toEqual([{ id: member.id, username: member.username }]);
  });

  it("gives every one of several sign-ups racing for one address the normal answer, and opens one account", async () => {
    // Several rounds: each racer may find the account another is still making, and replace it (it was never confirmed).
    for (let round = 0; round < 5; round++) {
      const email = userInput().email;
      const racers = Array.from({ length: 8 }, () => userInput({ email }));
      const answers = await Promise.all(racers.map((racer) => suite.client.fresh().post("/api/auth/sign-up", racer)));
      expect(answers.map((answer) => answer.status)).toEqual(racers.map(() => 201));
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      const rows = await suite.server.deps.db.selectFrom("users").select("id").where("email", "=", email).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it("keeps usernames that imitate the official account for it, in both languages", async () => {
    const refused = await suite.client.post("/api/auth/sign-up", userInput({ username: "KindlyTeam" }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "invalid_input", field: "username" });
    const fr = await suite.client.get("/api/usernames/availability?username=kindlyhelp", { "x-kindly-language": "fr" });
    expect(fr.body).toEqual({
      available: false,
      reason: "Les noms d’utilisateur commençant par «\u00a0Kindly\u00a0» sont réservés au compte officiel.",
    });

    const member = await signedInUser(suite.server);
    const rename = await member.client.patch("/api/me", { username: "KindlyOfficial" });
    expect(rename.status).toBe(400);
    expect(rename.body.error).toMatchObject({ code: "invalid_input", field: "username" });
    expect(rename.body.error.message).toContain("Usernames starting with “Kindly” are kept for the official account.");
    // Someone who already held such a name keeps it and can still save their profile.
    await suite.server.deps.db
      .updateTable("users")
      .set({ username: `Kindlyfan${Date.now() % 1e6}` })
      .where("id", "=", member.id)
      .execute();
    const own = (await member.client.get("/api/me")).body.username as string;
    expect((await member.client.get(`/api/usernames/availability?username=${own}`)).body).toEqual({ available: true });
    const save = await member.client.patch("/api/me", { username: own, country: "FR" });
    expect(save.status).toBe(200);
    expect(save.body.country).toBe("FR");
  });

  it("refuses common and breached passwords, near-blank ones, and the account's own email or username", async () => {
    expect(await isCommonPassword("password")).toBe(true);
    expect(await isCommonPassword("Password1")).toBe(true);
    expect(await isCommonPassword("lantern orchard violin")).toBe(false);

    const common = await suite.client.post("/api/auth/sign-up", userInput({ password: "iloveyou2" }));
    expect(common.status).toBe(400);
    expect(common.body.error).toMatchObject({ code: "password_weak", field: "password" });
    expect(common.body.error.message).toContain("too common");
    const blank = await suite.client.post("/api/auth/sign-up", userInput({ password: "        " }));
    expect(blank.body.error).toMatchObject({ code: "invalid_input", field: "password" });
    const input = userInput();
    const ownEmail = await suite.client.post(
      "/api/auth/sign-up",
      { ...input, password: input.email.toUpperCase() },
      { "x-kindly-language": "fr" },
    );
    expect(ownEmail.body.error).toMatchObject({ code: "password_weak", field: "password" });
    expect(ownEmail.body.error.message).toBe("Votre mot de passe ne peut pas être votre adresse courriel ni votre nom d’utilisateur.");
    const longName = `Someone${Date.now() % 1e6}`;
    const ownName = await suite.client.post("/api/auth/sign-up", userInput({ username: longName, password: longName.toLowerCase() }));
    expect(ownName.body.error.code).toBe("password_weak");
    for (const refused of [common, blank, ownEmail]) expect(refused.status).toBe(400);
    expect(await outboxFor(suite.server, input.email)).toEqual([]);

    // Changing and resetting a password follow the same rules; the old password keeps working.
    const member = await signedInUser(suite.server);
    const change = await member.client.post("/api/auth/change-password", { currentPassword: member.password, newPassword: "qwertyuiop" });
    expect(change.body.error).toMatchObject({ code: "password_weak", field: "newPassword" });
    await suite.client.post("/api/auth/forgot-password", { email: member.email });
    const token = (await linkFromOutbox(suite.server, member.email, "/reset-password")).searchParams.get("token");
    const reset = await suite.client.post("/api/auth/reset-password", { token, password: "sunshine1" });
    expect(reset.body.error).toMatchObject({ code: "password_weak", field: "password" });
    expect((await suite.client.post("/api/auth/reset-password/check", { token })).status).toBe(200);
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: member.email, password: member.password })).status).toBe(200);
  });
});
