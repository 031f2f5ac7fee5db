import { describe, expect, it } from "vitest";
import { buildUsers, signedInOfficial, signedInUser } from "../../test/factories.js";
import { readEvents } from "../../test/event-stream.js";
import { publish } from "../../platform/live/publish.js";
import { TestClient } from "../../test/http-client.js";
import { startTestServer, testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers())("the community chat on %s", (driver) => {
  const suite = useTestServer(driver);

  it("lets a member post a trimmed message that everyone, visitors too, can read with its username", async () => {
    const author = await signedInUser(suite.server);
    const sent = await author.client.post("/api/chat/messages", { body: "  Held the door for a neighbour with groceries  " });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      body: "Held the door for a neighbour with groceries",
      username: author.username,
      likes: 0,
      mine: true,
    });
    const visitor = suite.client.fresh();
    const feed = await visitor.get("/api/chat/messages");
    expect(feed.status).toBe(200);
    const mine = feed.body.messages.find((m: { id: string }) => m.id === sent.body.id);
    expect(mine).toMatchObject({ username: author.username, likedByMe: false, mine: false });
    // Never a part of the email address (docs/design.md §4.4).
    expect(JSON.stringify(feed.body)).not.toContain(author.email);
  });

  it("refuses empty messages, messages over 1,000 characters and email addresses, plain or disguised", async () => {
    const author = await signedInUser(suite.server);
    for (const body of ["", "   \n  "]) {
      expect((await author.client.post("/api/chat/messages", { body })).body.error).toMatchObject({ code: "invalid_input", field: "body" });
    }
    expect((await author.client.post("/api/chat/messages", { body: "x".repeat(1001) })).status).toBe(400);
    expect((await author.client.post("/api/chat/messages", { body: "x".repeat(1000) })).status).toBe(201);
    for (const body of ["write me at sam@example.com", "sam [at] example [dot] com", "sam at example dot org"]) {
      const refused = await author.client.post("/api/chat/messages", { body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe("body: Email addresses are not allowed in messages to protect user privacy");
    }
    const french = await author.client.post("/api/chat/messages", { body: "sam@example.com" }, { "accept-language": "fr" });
    expect(french.body.error.message).toContain("Les adresses courriel ne sont pas permises");
    expect((await author.client.post("/api/chat/messages", { body: "Thanks @sam, coffee was $3.50 at 10:30!" })).status).toBe(201);
  });

  it("keeps markup as text: the server stores and returns exactly what was typed", async () => {
    const author = await signedInUser(suite.server);
    const body = `<script>alert(1)</script> <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">click</a>`;
    const sent = await author.client.post("/api/chat/messages", { body });
    expect(sent.body.body).toBe(body);
    const feed = await suite.client.fresh().get("/api/chat/messages");
    expect(feed.headers.get("content-type")).toMatch(/^application\/json/);
    expect(feed.body.messages.find((m: { id: string }) => m.id === sent.body.id).body).toBe(body);
  });

  it("counts one like per person, even when the same person likes many times at once", async () => {
    const { db, auth } = suite.server.deps;
    const author = await signedInUser(suite.server);
    const message = (await author.client.post("/api/chat/messages", { body: "A smile at the bus stop" })).body;
    const fans = await buildUsers(db, auth, 8);
    await Promise.all(
      fans.flatMap((fan) =>
        Array.from({ length: 5 }, () =>
          new TestClient(suite.server.url, { cookie: fan.cookie }).put(`/api/chat/messages/${message.id}/like`),
        ),
      ),
    );
    const row = await db.selectFrom("chat_messages").select("like_count").where("id", "=", message.id).executeTakeFirstOrThrow();
    expect(row.like_count).toBe(8);
    const likes = await db.selectFrom("chat_message_likes").select("user_id").where("message_id", "=", message.id).execute();
    expect(likes).toHaveLength(8);
    // Unliking concurrently, twice each, takes each like away once.
    await Promise.all(
      fans
        .slice(0, 3)
        .flatMap((fan) =>
          [0, 1].map(() => new TestClient(suite.server.url, { cookie: fan.cookie }).delete(`/api/chat/messages/${message.id}/like`)),
        ),
    );
    const feed = await new TestClient(suite.server.url, { cookie: fans[5]!.cookie }).get("/api/chat/messages");
    expect(feed.body.messages.find((m: { id: string }) => m.id === message.id)).toMatchObject({ likes: 5, likedByMe: true });
  });

  it("lets visitors read but not post, like or report", async () => {
    const author = await signedInUser(suite.server);
    const message = (await author.client.post("/api/chat/messages", { body: "Shared my umbrella" })).body;
    const visitor = suite.client.fresh();
    expect((await visitor.post("/api/chat/messages", { body: "hello" })).status).toBe(401);
    expect((await visitor.put(`/api/chat/messages/${message.id}/like`)).status).toBe(401);
    expect((await visitor.post(`/api/chat/messages/${message.id}/reports`, { reason: "spam" })).status).toBe(401);
    expect((await visitor.delete(`/api/chat/messages/${message.id}`)).status).toBe(401);
  });

  it("lets authors delete their own messages and nobody else's, the official account included", async () => {
    const author = await signedInUser(suite.server);
    const other = await signedInUser(suite.server);
    const official = await signedInOfficial(suite.server);
    const message = (await author.client.post("/api/chat/messages", { body: "Paid for a coffee" })).body;
    expect((await other.client.delete(`/api/chat/messages/${message.id}`)).status).toBe(403);
    expect((await official.client.delete(`/api/chat/messages/${message.id}`)).status).toBe(403);
    expect((await author.client.delete(`/api/chat/messages/${message.id}`)).status).toBe(204);
    const feed = await suite.client.fresh().get("/api/chat/messages");
    expect(feed.body.messages.some((m: { id: string }) => m.id === message.id)).toBe(false);
  });

  it("pages older messages 100 at a time, newest first, without repeats when new ones arrive", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const start = Date.now() - 3_600_000;
    await db
      .insertInto("chat_messages")
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          id: `page-${driver}-${i}`,
          user_id: user!.id,
          body: `message ${i}`,
          created_at: new Date(start + i * 1000),
        })),
      )
      .execute();
    // Written behind the server's back: announce them as the app does, so the shared newest page is read again.
    await publish(db, suite.server.deps.eventsChannel, { type: "chat", change: "message", id: `page-${driver}-129` });
    const client = suite.client.fresh();
    await expect
      .poll(async () => (await client.get("/api/chat/messages")).body.messages.some((m: { id: string }) => m.id === `page-${driver}-129`))
      .toBe(true);
    const first = (await client.get("/api/chat/messages")).body;
    expect(first.messages).toHaveLength(100);
    await new TestClient(suite.server.url, { cookie: user!.cookie }).post("/api/chat/messages", { body: "a new one" });
    const second = (await client.get(`/api/chat/messages?before=${encodeURIComponent(first.nextBefore)}`)).body;
    const ids = [...first.messages, ...second.messages].map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(`page-${driver}-0`);
    const times = [...first.messages, ...second.messages].map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("counts active members and today's messages from data", async () => {
    const before = (await suite.client.get("/api/chat/stats")).body;
    const author = await signedInUser(suite.server);
    const fan = await signedInUser(suite.server);
    const message = (await author.client.post("/api/chat/messages", { body: "Helped carry a stroller" })).body;
    await fan.client.put(`/api/chat/messages/${message.id}/like`);
    const after = (await suite.client.get("/api/chat/stats")).body;
    expect(after.messagesToday).toBe(before.messagesToday + 1);
    expect(after.activeMembers).toBe(before.activeMembers + 2);
  });
});

describe("the chat rate limit", () => {
  it("limits how fast one person can post, with a message saying so", async () => {
    const server = await startTestServer("postgres", { env: { RATE_LIMIT_SCALE: "1" } });
    try {
      const author = await signedInUser(server);
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await author.client.post("/api/chat/messages", { body: `note ${i}` }));
      expect(answers.slice(0, 10).every((a) => a.status === 201)).toBe(true);
      expect(answers[10]!.status).toBe(429);
      expect(answers[10]!.body.error.message).toMatch(/You’re sending messages very quickly\. Please wait \d+ seconds/);
      // Someone else is not slowed down by it.
      expect((await (await signedInUser(server)).client.post("/api/chat/messages", { body: "hi" })).status).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe("the chat across two server processes", () => {
  // The database's limiter counts in the statement that posts; Redis's before it (rate-limit-rules.ts, limitInStatement).
  // Said loudly when Redis's cannot run (CI sets KINDLY_REQUIRE_ALL and fails instead).
  if (!process.env.TEST_REDIS_URL) {
    if (process.env.KINDLY_REQUIRE_ALL === "1") throw new Error("KINDLY_REQUIRE_ALL=1 but TEST_REDIS_URL is not set");
    process.stderr.write("\nSKIPPED: the chat's limit through Redis's limiter, since TEST_REDIS_URL is not set.\n\n");
  }
  const limiters: [string, Record<string, string>][] = [
    ["the database's", {}],
    ...(process.env.TEST_REDIS_URL ? [["Redis's", { REDIS_URL: process.env.TEST_REDIS_URL }] as [string, Record<string, string>]] : []),
  ];
  it.each(limiters)("counts one person's limit exactly when their messages race through both servers (%s limiter)", async (_, env) => {
    const first = await startTestServer("postgres", { env: { RATE_LIMIT_SCALE: "1", ...env } });
    const second = await startTestServer("postgres", { env: { RATE_LIMIT_SCALE: "1", ...env }, database: { url: first.databaseUrl } });
    try {
      const [author] = await buildUsers(first.deps.db, first.deps.auth, 1);
      const clients = [new TestClient(first.url, { cookie: author!.cookie }), new TestClient(second.url, { cookie: author!.cookie })];
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => clients[i % 2]!.post("/api/chat/messages", { body: `race ${i}` })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(6);
      expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
      // Only the messages let through were posted.
      const posted = await first.deps.db.selectFrom("chat_messages").select("body").where("user_id", "=", author!.id).execute();
      expect(posted).toHaveLength(10);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it("delivers a message sent through one server live to a reader of the other", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const author = await signedInUser(first);
      const stream = await fetch(`${second.url}/api/events`);
      const sent = await author.client.post("/api/chat/messages", { body: "Live from the other process" });
      const { events } = await readEvents(stream, (seen) => seen.some((e) => e.event === "chat" && JSON.parse(e.data).id === sent.body.id));
      expect(JSON.parse(events.find((e) => e.event === "chat")!.data)).toEqual({ change: "message", id: sent.body.id });
      const feed = await new TestClient(second.url).get("/api/chat/messages");
      expect(feed.body.messages[0]).toMatchObject({ id: sent.body.id, body: "Live from the other process" });
    } finally {
      await second.close();
      await first.close();
    }
  });
});
