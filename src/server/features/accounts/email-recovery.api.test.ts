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

  it("moves the account to a new address, tells both addresses, and works only once", async () => {
    const user = await signedInUser(suite.server);
    await suite.client.post("/api/auth/forgot-email", { username: user.username });
    const token = (await linkFromOutbox(suite.server, user.email, "/recover-email")).searchParams.get("token")!;
    const newEmail = `moved.${user.email}`;

    const done = await suite.client.post("/api/auth/email-recovery", { token, email: newEmail });
    expect(done.body).toEqual({ success: true, emailChanged: true, oldEmail: user.email, newEmail });
    const toOld = await outboxFor(suite.server, user.email);
    expect(toOld[0]!.subject).toBe("Your Kindly email was changed");
    expect(toOld[0]!.text_body).toContain(newEmail);
    // A security notice asks the reader to act: it never says the mail can be ignored.
    expect(toOld[0]!.text_body).toContain("contact us right away");
    expect(toOld[0]!.text_body).not.toContain("ignore");
    // The new address is asked to confirm a change, not welcomed as a new member.
    const toNew = await outboxFor(suite.server, newEmail);
    expect(toNew[0]!.subject).toBe("Confirm your new Kindly email");
    expect(toNew[0]!.text_body).toContain(`use ${newEmail} as the email address of your Kindly account ${user.username}`);
    expect(toNew[0]!.text_body).not.toContain("Welcome");
    const confirmNew = await linkFromOutbox(suite.server, newEmail, "/auth/confirm");
    expect(confirmNew.searchParams.get("type")).toBe("email-change");

    // The new address must be confirmed before it signs in.
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: newEmail, password: user.password })).body.error.code).toBe(
      "email_not_verified",
    );
    await suite.client.post("/api/auth/confirm-email", { token: confirmNew.searchParams.get("token") });
    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: newEmail, password: user.password })).status).toBe(200);

    const again = await suite.client.post("/api/auth/email-recovery", { token });
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({ code: "recovery_link_invalid", message: "Invalid or expired recovery link" });
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
