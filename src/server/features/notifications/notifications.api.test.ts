import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOrganization, outboxFor, signedInUser } from "../../test/factories.js";
import { startPushService, type PushService } from "../../test/push-service.js";
import { startTestServer, useTestServer, type TestServer } from "../../test/test-server.js";
import { backgroundSettled } from "../../http/after-response.js";
import { startDnsServer, type TestDnsServer } from "../../test/dns-server.js";
import { cardJourneyTasks } from "../card-journeys/index.js";
import { CARD_MOVED_TASK } from "../scan/index.js";
import { parseCardJourneyId } from "../../../shared/schemas/cards.js";

/** A numbered portable card passed along by `people`, in order. */
async function passAlong(server: TestServer, people: Awaited<ReturnType<typeof signedInUser>>[], cardNumber = 11) {
  const codes = await buildOrganization(server.deps.db);
  const card = { ...codes.portable, card: cardNumber };
  const acts: string[] = [];
  for (const person of people) {
    const scan = await person.client.post("/api/scans", card);
    expect(scan.status).toBe(201);
    acts.push(scan.body.actId as string);
  }
  return { card, acts };
}

describe("notifications: per kind, on the channels a person chose, by Web Push", () => {
  // The push service below runs on this machine, as no real one does: the operator opens its address.
  const suite = useTestServer("postgres", { env: { OUTBOUND_ALLOW: "127.0.0.1" } });
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(() => push.close());

  it("starts from the defaults, keeps each choice, and counts the devices that receive pushes", async () => {
    const person = await signedInUser(suite.server);
    const settings = await person.client.get("/api/me/notifications/settings");
    expect(settings.body).toEqual({
      kinds: {
        thanks: { push: true, email: true },
        cardTravels: { push: true, email: true },
        streakReminder: { push: false, email: false },
        teamChallenge: { push: true, email: false },
        contestResults: { push: true, email: false },
        workplaceSurveys: { push: true, email: false },
        certificateRenewals: { push: true, email: true },
      },
      pushDevices: 0,
      reminder: null,
      // A thank-you and a card's news go by email until a device takes pushes.
      emailUntilPush: ["thanks", "cardTravels"],
    });
    const saved = await person.client.put("/api/me/notifications/settings", { kind: "cardTravels", channel: "email", enabled: false });
    expect(saved.body.kinds.cardTravels).toEqual({ push: true, email: false });
    expect(saved.body.emailUntilPush).toEqual(["thanks"]);
    expect((await person.client.put("/api/me/notifications/settings", { kind: "gossip", channel: "push", enabled: true })).status).toBe(
      400,
    );

    expect((await person.client.post("/api/me/push-subscriptions", push.subscribe("settings-phone"))).status).toBe(201);
    // The same device again (a browser renewing) is one device.
    expect((await person.client.post("/api/me/push-subscriptions", push.subscribe("settings-phone"))).status).toBe(201);
    expect((await person.client.get("/api/me/notifications/settings")).body.pushDevices).toBe(1);
    expect((await suite.client.get("/api/me/notifications/settings")).status).toBe(401);

    // Ten devices at most, the newest kept: two more phones push out the oldest.
    for (let i = 1; i <= 11; i++) {
      expect((await person.client.post("/api/me/push-subscriptions", push.subscribe(`settings-phone-${i}`))).status).toBe(201);
    }
    expect((await person.client.get("/api/me/notifications/settings")).body.pushDevices).toBe(10);
    const kept = await suite.server.deps.db.selectFrom("push_subscriptions").select("endpoint").where("user_id", "=", person.id).execute();
    expect(kept.map((row) => row.endpoint)).not.toContain(push.subscribe("settings-phone").endpoint);
    expect(kept.map((row) => row.endpoint)).toContain(push.subscribe("settings-phone-11").endpoint);
  });

  it("publishes the VAPID key and refuses subscriptions that are not a push service's", async () => {
    const key = await suite.client.get("/api/push/key");
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const person = await signedInUser(suite.server);
    const device = push.subscribe("refused");
    const bad = await person.client.post("/api/me/push-subscriptions", { ...device, endpoint: "file:///etc/passwd" });
    expect(bad.status).toBe(400);
    const short = await person.client.post("/api/me/push-subscriptions", { ...device, keys: { p256dh: "abc", auth: "def" } });
    expect(short.status).toBe(400);
    // The push service on this machine is taken only because this server's operator opened 127.0.0.1.
    expect((await person.client.post("/api/me/push-subscriptions", push.subscribe("allowed"))).status).toBe(201);
    const elsewhere = await person.client.post("/api/me/push-subscriptions", { ...device, endpoint: "https://10.0.0.5/push/1" });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.field).toBe("endpoint");
  });

  it("pushes a thanks to the giver's device, encrypted for it, with the note, and forgets a device its service says is gone", async () => {
    const giver = await signedInUser(suite.server);
    const receiver = await signedInUser(suite.server);
    expect((await giver.client.post("/api/me/push-subscriptions", push.subscribe("giver-phone"))).status).toBe(201);
    expect((await giver.client.post("/api/me/push-subscriptions", push.subscribe("giver-old-tablet"))).status).toBe(201);
    push.answer("giver-old-tablet", 410);
    const { acts } = await passAlong(suite.server, [giver, receiver], 21);

    await receiver.client.post(`/api/me/acts/${acts[1]}/thanks`, { message: "Ta carte m’a fait sourire toute la journée." });
    const received = await push.waitFor("giver-phone", (p) => p.payload.tag.startsWith("thanks-"));
    expect(received.payload).toMatchObject({
      title: "Someone thanked you",
      body: "Ta carte m’a fait sourire toute la journée.",
      url: "/profile#thanks",
    });
    expect(received.vapidPublicKey).toBe((await suite.client.get("/api/push/key")).body.publicKey);
    // The expired tablet is forgotten; the phone stays.
    await backgroundSettled();
    expect((await giver.client.get("/api/me/notifications/settings")).body.pushDevices).toBe(1);
    expect(push.refused).toEqual([]);
  });

  it("sends nothing to a device whose person turned that kind's push off, or took the device off", async () => {
    const giver = await signedInUser(suite.server);
    const receiver = await signedInUser(suite.server);
    const phone = push.subscribe("quiet-phone");
    await giver.client.post("/api/me/push-subscriptions", phone);
    await giver.client.put("/api/me/notifications/settings", { kind: "thanks", channel: "push", enabled: false });
    const first = await passAlong(suite.server, [giver, receiver], 31);
    await receiver.client.post(`/api/me/acts/${first.acts[1]}/thanks`, {});
    // The thanks is told after the answer: let it go out before the choice changes again (a busy machine raced it).
    await backgroundSettled();

    await giver.client.put("/api/me/notifications/settings", { kind: "thanks", channel: "push", enabled: true });
    await giver.client.request("DELETE", "/api/me/push-subscriptions", { endpoint: phone.endpoint });
    const second = await passAlong(suite.server, [giver, receiver], 32);
    await receiver.client.post(`/api/me/acts/${second.acts[1]}/thanks`, {});
    await backgroundSettled();
    // Only the first card's travels (their push stayed on) reached the phone: no thanks, and nothing once it was taken off.
    expect(push.received("quiet-phone").map((p) => p.payload.tag)).toEqual([expect.stringMatching(/^card-.*-31$/)]);
  });

  it("tells every earlier holder where their card went, once a day per card, with the city its new holder shared", async () => {
    const [first, second, third, fourth] = await Promise.all([1, 2, 3, 4].map(() => signedInUser(suite.server)));
    await first!.client.post("/api/me/push-subscriptions", push.subscribe("first-holder"));
    await second!.client.post("/api/me/push-subscriptions", push.subscribe("second-holder"));
    await first!.client.put("/api/me/notifications/settings", { kind: "cardTravels", channel: "email", enabled: true });
    const { card } = await passAlong(suite.server, [first!, second!], 41);
    const travelled = await push.waitFor("first-holder", (p) => p.payload.tag.startsWith("card-"));
    // The headline says which person the card reached (issue 60 §4).
    expect(travelled.payload.title).toBe("Your card reached its 2nd person");
    expect(travelled.payload.url).toMatch(/^\/cards\//);
    const mail = (await outboxFor(suite.server, first!.email)).find((m) => m.subject === "Your card has reached 2 people");
    expect(mail?.text_body).toContain("was just scanned again: it has now reached 2 people");

    // The same day, the card moving again tells nobody: one notice a day per card.
    expect((await third!.client.post("/api/scans", card)).status).toBe(201);
    await backgroundSettled();
    expect(push.received("second-holder")).toEqual([]);
    expect(push.received("first-holder")).toHaveLength(1);

    // Another day's move is told, with the city its new holder put on the map; a holder who silenced the card hears nothing.
    const journeyId = travelled.payload.url.replace("/cards/", "");
    expect((await second!.client.request("DELETE", `/api/cards/${journeyId}/follow`)).status).toBe(204);
    const moved = await fourth!.client.post("/api/scans", card);
    expect(moved.status).toBe(201);
    await backgroundSettled();
    const { db, notifier } = suite.server.deps;
    await db.deleteFrom("card_travel_notices").execute();
    await db.updateTable("acts").set({ place_name: "Laval, QC" }).where("id", "=", moved.body.actId).execute();
    const movedCard = parseCardJourneyId(journeyId)!;
    await cardJourneyTasks({ db, notifier })[CARD_MOVED_TASK]!({ ...movedCard, moverId: fourth!.id, at: new Date().toISOString() });
    const withCity = await push.waitFor("first-holder", (p) => p.payload.title.includes("Laval"));
    expect(withCity.payload.title).toBe("Your card reached its 4th person, in Laval, QC");
    expect(withCity.payload.body).toMatch(/^“.+” from .+ was just passed on\. See where it has been\.$/);
    expect(push.received("second-holder")).toEqual([]);
  });
});

describe("push subscriptions and their limit", () => {
  it("counts a person's subscriptions in the statement that saves them: the 21st in an hour is refused and not saved", async () => {
    const push = await startPushService();
    const server = await startTestServer("postgres", { env: { OUTBOUND_ALLOW: "127.0.0.1", RATE_LIMIT_SCALE: "1" } });
    try {
      const person = await signedInUser(server);
      const answers = [];
      for (let i = 0; i < 21; i++) answers.push(await person.client.post("/api/me/push-subscriptions", push.subscribe(`limited-${i}`)));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
      expect(answers[20]!.status).toBe(429);
      // Ten kept of the twenty saved; the refused one never was.
      const saved = await server.deps.db.selectFrom("push_subscriptions").select("endpoint").where("user_id", "=", person.id).execute();
      expect(saved).toHaveLength(10);
    } finally {
      await server.close();
      await push.close();
    }
  });
});

describe("push endpoints cannot reach inside (issue 58 §4)", () => {
  let dns: TestDnsServer;
  let server: TestServer;
  beforeAll(async () => {
    dns = await startDnsServer();
    // No address opened; one more push service, whose name this DNS server maps onto this machine.
    server = await startTestServer("postgres", { env: { DNS_SERVERS: dns.address, PUSH_SERVICES: "push.kindly-test.example" } });
  });
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  it("refuses at subscription what the probe handed over: local names, metadata, CGNAT, NAT64, other ports and plain http", async () => {
    const person = await signedInUser(server);
    const keys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };
    for (const endpoint of [
      "https://localhost./push/1",
      "https://localhost/push/1",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://100.64.0.1/push/1",
      "https://[64:ff9b::7f00:1]/push/1",
      "https://127.0.0.1/push/1",
      "http://127.0.0.1:9999/push/1",
      "https://fcm.googleapis.com:8443/fcm/send/1",
      "http://fcm.googleapis.com/fcm/send/1",
    ]) {
      const answer = await person.client.post("/api/me/push-subscriptions", { endpoint, expirationTime: null, keys });
      expect([endpoint, answer.status, answer.body.error?.field]).toEqual([endpoint, 400, "endpoint"]);
    }
    expect((await person.client.get("/api/me/notifications/settings")).body.pushDevices).toBe(0);
    const fcm = await person.client.post("/api/me/push-subscriptions", {
      endpoint: "https://fcm.googleapis.com/fcm/send/1",
      expirationTime: null,
      keys,
    });
    expect(fcm.status).toBe(201);
  });

  it("checks the address again when sending: a listed service whose name resolves to 127.0.0.1 is never contacted, and its device is dropped", async () => {
    dns.setAddresses("push.kindly-test.example", ["127.0.0.1"]);
    const giver = await signedInUser(server);
    const receiver = await signedInUser(server);
    // A device's real keys: the payload is encrypted for it before anything is sent.
    const ecdh = createECDH("prime256v1");
    const keys = { p256dh: ecdh.generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
    const device = { endpoint: "https://push.kindly-test.example/device/1", expirationTime: null, keys };
    expect((await giver.client.post("/api/me/push-subscriptions", device)).status).toBe(201);
    const { acts } = await passAlong(server, [giver, receiver], 31);
    const thanks = await receiver.client.post(`/api/me/acts/${acts[1]}/thanks`, { message: "Merci!" });
    expect(thanks.status).toBe(201);
    // The name was looked up, found inside, and the subscription forgotten as one that can never be reached.
    await expect.poll(() => dns.queries("push.kindly-test.example")).toContain("A");
    await expect.poll(async () => (await giver.client.get("/api/me/notifications/settings")).body.pushDevices).toBe(0);
  });
});
