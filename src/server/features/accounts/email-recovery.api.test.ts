import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { linkFromOutbox, outboxFor, signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers())("forgot email and email recovery on %s", (driver) => {
  const suite = useTestServer(driver);

  it("answers the same for known and unknown usernames and mails a 60-minute link", async () => {
    const user = await signedInUser(suite.server);
    const unknown = await suite.client.post("/api/auth/forgot-email", { username: "nosuchperson" });
    const known = await suite.client.post("/api/auth/forgot-email", { username: user.username.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const link = await linkFromOutbox(suite.server, user.email, "/recover-email");
    const token = link.searchParams.get("token")!;
    const check = await suite.client.get(`/api/auth/email-recovery?token=${token}`);
    expect(check.body).toEqual({ valid: true, email: user.email, username: user.username });
    const row = await suite.server.deps.db
      .selectFrom("email_recovery_tokens")
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as("seconds"))
      .executeTakeFirstOrThrow();
    expect(Math.round(Number(row.seconds))).toBe(3600);
  });

  it("moves the account to a new address only once that address opens its link, signs every device out, and tells the old one", async () => {
    const user = await signedInUser(suite.server);
    await suite.client.post("/api/auth/forgot-email", { username: user.username });
    const token = (await linkFromOutbox(suite.server, user.email, "/recover-email")).searchParams.get("token")!;
    const newEmail = `moved.${user.email}`;

    const done = await suite.client.post("/api/auth/email-recovery", { token, email: newEmail });
    expect(done.body).toEqual({ success: true, emailChanged: true, oldEmail: user.email, newEmail });
    // Asked, not done: the account keeps its confirmed address and its devices, and nobody is told of a change yet.
    expect((await user.client.get("/api/me")).body.email).toBe(user.email);
    expect(await outboxFor(suite.server, user.email)).toHaveLength(2); // the sign-up's and the recovery's
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: user.email, password: user.password })).status).toBe(200);
    // The new address is asked to confirm a change, not welcomed as a new member.
    const toNew = await outboxFor(suite.server, newEmail);
    expect(toNew[0]!.subject).toBe("Confirm your new Kindly email");
    expect(toNew[0]!.text_body).toContain(`use ${newEmail} as the email address of your Kindly account ${user.username}`);
    expect(toNew[0]!.text_body).toContain("within 60 minutes; until then it keeps its current address");
    expect(toNew[0]!.text_body).not.toContain("Welcome");
    const confirmNew = await linkFromOutbox(suite.server, newEmail, "/auth/confirm");
    expect(confirmNew.searchParams.get("type")).toBe("email-change");
    const changeToken = confirmNew.searchParams.get("token")!;
    // The change link is not a recovery link, nor a sign-up confirmation.
    expect((await suite.client.get(`/api/auth/email-recovery?token=${changeToken}`)).status).toBe(404);
    expect((await suite.client.fresh().post("/api/auth/confirm-email", { token: changeToken })).status).not.toBe(200);

    const moved = await suite.client.fresh().post("/api/auth/email-change/confirm", { token: changeToken });
    expect(moved.body).toEqual({ ok: true, email: newEmail, username: user.username });
    expect((await user.client.get("/api/me")).status).toBe(401);
    const toOld = await outboxFor(suite.server, user.email);
    expect(toOld[0]!.subject).toBe("Your Kindly email was changed");
    expect(toOld[0]!.text_body).toContain(newEmail);
    // A security notice asks the reader to act: it never says the mail can be ignored.
    expect(toOld[0]!.text_body).toContain("contact us right away");
    expect(toOld[0]!.text_body).not.toContain("ignore");
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: newEmail, password: user.password })).status).toBe(200);
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: user.email, password: user.password })).status).toBe(401);

    // Each link works once.
    for (const [path, body] of [
      ["/api/auth/email-recovery", { token }],
      ["/api/auth/email-change/confirm", { token: changeToken }],
    ] as const) {
      const again = await suite.client.post(path, body);
      expect(again.status).toBe(404);
      expect(again.body.error).toMatchObject({ code: "recovery_link_invalid", message: "Invalid or expired recovery link" });
    }
  });

  it("lets a change someone asked for hold nothing against the address's owner (unexpired email change)", async () => {
    // The attacker moves their own account toward the victim's address, and keeps the change pending.
    const attacker = await signedInUser(suite.server);
    const victimEmail = `victim.${attacker.email}`;
    await suite.client.post("/api/auth/forgot-email", { username: attacker.username });
    const token = (await linkFromOutbox(suite.server, attacker.email, "/recover-email")).searchParams.get("token")!;
    expect((await suite.client.post("/api/auth/email-recovery", { token, email: victimEmail })).status).toBe(200);
    const pendingLink = (await linkFromOutbox(suite.server, victimEmail, "/auth/confirm")).searchParams.get("token")!;

    // The owner signs up with their address as if nothing were pending, and confirms it.
    const victim = await signedInUser(suite.server, { email: victimEmail });
    expect((await victim.client.get("/api/me")).body.email).toBe(victimEmail);
    // The pending change, opened later (by the owner clicking the old mail), cannot take the address: the owner's account stays theirs.
    const late = await suite.client.fresh().post("/api/auth/email-change/confirm", { token: pendingLink });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("email_taken");
    expect((await victim.client.get("/api/me")).body.email).toBe(victimEmail);
    expect((await attacker.client.get("/api/me")).body.email).toBe(attacker.email);
    const victimSignIn = await suite.client.fresh().post("/api/auth/sign-in", { email: victimEmail, password: victim.password });
    expect(victimSignIn.status).toBe(200);
    expect(victimSignIn.body.user.username).toBe(victim.username);
  });

  it("expires a change link that was not opened within the recovery time", async () => {
    const user = await signedInUser(suite.server);
    await suite.client.post("/api/auth/forgot-email", { username: user.username });
    const token = (await linkFromOutbox(suite.server, user.email, "/recover-email")).searchParams.get("token")!;
    const newEmail = `later.${user.email}`;
    await suite.client.post("/api/auth/email-recovery", { token, email: newEmail });
    const changeToken = (await linkFromOutbox(suite.server, newEmail, "/auth/confirm")).searchParams.get("token")!;
    const row = await suite.server.deps.db
      .selectFrom("email_recovery_tokens")
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as("seconds"))
      .where("new_email", "=", newEmail)
      .executeTakeFirstOrThrow();
    expect(Math.round(Number(row.seconds))).toBe(3600);
    await suite.server.deps.db
      .updateTable("email_recovery_tokens")
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where("new_email", "=", newEmail)
      .execute();
    expect((await suite.client.post("/api/auth/email-change/confirm", { token: changeToken })).body.error.code).toBe(
      "recovery_link_invalid",
    );
    expect((await user.client.get("/api/me")).body.email).toBe(user.email);
  });

  it("refuses an address that belongs to another account", async () => {
    const [a, b] = [await signedInUser(suite.server), await signedInUser(suite.server)];
    await suite.client.post("/api/auth/forgot-email", { username: a.username });
    const token = (await linkFromOutbox(suite.server, a.email, "/recover-email")).searchParams.get("token")!;
    const res = await suite.client.post("/api/auth/email-recovery", { token, email: b.email });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("email_taken");
  });

  it("treats an expired link as invalid", async () => {
    const user = await signedInUser(suite.server);
    await suite.client.post("/api/auth/forgot-email", { username: user.username });
    const token = (await linkFromOutbox(suite.server, user.email, "/recover-email")).searchParams.get("token")!;
    await suite.server.deps.db
      .updateTable("email_recovery_tokens")
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where("user_id", "=", user.id)
      .execute();
    const res = await suite.client.get(`/api/auth/email-recovery?token=${token}`);
    expect(res.body.error.code).toBe("recovery_link_invalid");
    const fr = await suite.client.get(`/api/auth/email-recovery?token=${token}`, { "x-kindly-language": "fr" });
    expect(fr.body.error.message).toBe("Lien de récupération invalide ou expiré");
  });
});
