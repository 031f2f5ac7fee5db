import { describe, expect, it } from "vitest";
import { buildOrganization, outboxFor, signedInOfficial, signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";

/** A portable card passed from `giver` to `receiver`: both scan card 7 of one series, the giver first. */
async function passedCard(server: TestServer) {
  const codes = await buildOrganization(server.deps.db);
  const card = { ...codes.portable, card: 7 };
  const giver = await signedInUser(server);
  const receiver = await signedInUser(server);
  const given = await giver.client.post("/api/scans", card);
  const received = await receiver.client.post("/api/scans", card);
  expect([given.status, received.status]).toEqual([201, 201]);
  return { giver, receiver, giverAct: given.body.actId as string, actId: received.body.actId as string, codes };
}

describe.each(testDrivers())("thanks back to the giver on %s", (driver) => {
  const suite = useTestServer(driver);

  it("thanks the card's previous holder once, anonymously unless the sender chooses, and tells them", async () => {
    const { giver, receiver, giverAct, actId } = await passedCard(suite.server);
    expect((await receiver.client.get(`/api/me/acts/${actId}/thanks`)).body).toEqual({ status: "available" });
    // The first holder had nobody before them; another person's act is not theirs to thank for.
    expect((await giver.client.get(`/api/me/acts/${giverAct}/thanks`)).body).toEqual({ status: "none" });
    expect((await giver.client.get(`/api/me/acts/${actId}/thanks`)).status).toBe(404);

    const sent = await receiver.client.post(`/api/me/acts/${actId}/thanks`, { message: "Merci pour la carte, elle m'a fait sourire!" });
    expect(sent.status).toBe(201);
    expect((await receiver.client.get(`/api/me/acts/${actId}/thanks`)).body).toEqual({ status: "sent" });
    const again = await receiver.client.post(`/api/me/acts/${actId}/thanks`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("thanks_already_sent");

    const inbox = (await giver.client.get("/api/me/thanks")).body;
    expect(inbox).toEqual({
      count: 1,
      items: [
        {
          id: expect.any(String),
          message: "Merci pour la carte, elle m'a fait sourire!",
          from: null,
          cardName: "Pass-it-on cards",
          cardTranslations: {},
          createdAt: expect.any(String),
        },
      ],
    });
    // Nothing in any answer names the sender, who did not choose to be named.
    expect(JSON.stringify(inbox)).not.toContain(receiver.username);
    expect(JSON.stringify(inbox)).not.toContain(receiver.id);
    // By email too, by default: the note quoted, the sender unnamed.
    const mail = (await outboxFor(suite.server, giver.email)).find((m) => m.subject === "Someone you passed a card to thanked you");
    expect(mail?.text_body).toContain("Someone received your card “Pass-it-on cards” after you and just thanked you.");
    expect(mail?.text_body).toContain("> Merci pour la carte, elle m'a fait sourire!");
    expect(mail?.html_body).toContain("Merci pour la carte, elle m&#x27;a fait sourire!");
    expect(mail?.text_body).not.toContain(receiver.username);
  });

  it("names the sender when asked, mails only a giver who kept thanks by email, and refuses addresses in the note", async () => {
    const { giver, receiver, actId } = await passedCard(suite.server);
    const disguised = await receiver.client.post(`/api/me/acts/${actId}/thanks`, { message: "write me: marie at gmail.com" });
    expect(disguised.status).toBe(400);
    expect(disguised.body.error.message).toContain("Email addresses are not allowed in messages");
    expect((await receiver.client.post(`/api/me/acts/${actId}/thanks`, { message: "x".repeat(281) })).status).toBe(400);
    expect((await receiver.client.post(`/api/me/acts/${actId}/thanks`, { showUsername: true })).status).toBe(201);
    expect((await giver.client.get("/api/me/thanks")).body.items[0]).toMatchObject({ from: receiver.username, message: "" });
    const mail = (await outboxFor(suite.server, giver.email)).find((m) => m.subject === "Someone you passed a card to thanked you");
    expect(mail?.text_body).toContain(`${receiver.username} received your card`);
    expect(mail?.text_body).toContain("/profile#thanks");

    // A giver who turned thanks email off gets none.
    const second = await passedCard(suite.server);
    const off = await second.giver.client.put("/api/me/notifications/settings", { kind: "thanks", channel: "email", enabled: false });
    expect(off.body.kinds.thanks).toEqual({ push: true, email: false });
    expect((await second.receiver.client.post(`/api/me/acts/${second.actId}/thanks`, { message: "merci" })).status).toBe(201);
    expect((await outboxFor(suite.server, second.giver.email)).map((m) => m.subject)).not.toContain(
      "Someone you passed a card to thanked you",
    );
  });

  it("lets only the giver report a thanks, and the official account hide it", async () => {
    const { giver, receiver, actId } = await passedCard(suite.server);
    await receiver.client.post(`/api/me/acts/${actId}/thanks`, { message: "you are the worst" });
    const [item] = (await giver.client.get("/api/me/thanks")).body.items;
    expect((await receiver.client.post(`/api/thanks/${item.id}/reports`, { reason: "harassment" })).status).toBe(404);
    expect((await giver.client.post(`/api/thanks/${item.id}/reports`, { reason: "harassment" })).status).toBe(200);
    const report = await suite.server.deps.db
      .selectFrom("content_reports")
      .select("content_type")
      .where("content_id", "=", item.id)
      .executeTakeFirstOrThrow();
    expect(report.content_type).toBe("thanks");
    const official = await signedInOfficial(suite.server);
    expect((await official.client.post(`/api/admin/moderation/thanks/${item.id}/hide`, { reason: "Unkind" })).status).toBe(204);
    const after = (await giver.client.get("/api/me/thanks")).body;
    // Hidden from the list; the person still counts among those who thanked.
    expect(after).toMatchObject({ count: 1, items: [] });
  });

  it("counts the day's thanks under the sender's lock: parallel sends past the limit are refused", async () => {
    const receiver = await signedInUser(suite.server);
    const acts: string[] = [];
    for (let i = 0; i < 12; i++) {
      const codes = await buildOrganization(suite.server.deps.db);
      const giver = await signedInUser(suite.server);
      await giver.client.post("/api/scans", { ...codes.portable, card: 1 });
      acts.push((await receiver.client.post("/api/scans", { ...codes.portable, card: 1 })).body.actId);
    }
    // The daily limit of 20 acts allows these 12; the thanks limit is 10 a day.
    const answers = await Promise.all(acts.map((actId) => receiver.client.post(`/api/me/acts/${actId}/thanks`, {})));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(new Set(answers.filter((a) => a.status !== 201).map((a) => a.body.error.code))).toEqual(new Set(["rate_limited"]));
  });
});
