import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userInput } from "../../test/factories.js";
import { resolveShortLink } from "./short-links.js";
import { TestClient } from "../../test/http-client.js";
import { startSmtpCapture } from "../../test/smtp-capture.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

/** A real SMTP server on loopback stands in for the mail provider. */
describe("email over SMTP when SMTP_URL is set", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer("postgres", { env: { SMTP_URL: smtp.url, MAIL_FROM: "Kindly <hello@kindly.test>" } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it("sends the confirmation email through SMTP and keeps the development outbox off", async () => {
    const user = userInput();
    const client = new TestClient(server.url);
    expect((await client.post("/api/auth/sign-up", user)).status).toBe(201);
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(smtp.received[0]!.to).toEqual([user.email]);
    expect(smtp.received[0]!.data).toContain("From: Kindly <hello@kindly.test>");
    expect(smtp.received[0]!.data).toContain("Subject: Confirm your Kindly account");
    // Both parts, the link written short in each, leading to the confirmation.
    const data = smtp.received[0]!.data.replace(/=\r?\n/g, "");
    expect(data).toMatch(/Content-Type: multipart\/alternative/i);
    expect(data).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(data).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    const short = [...data.matchAll(/http:\/\/kindly\.test\/l\/([\w-]+)/g)].map((match) => match[1]);
    expect(short.length).toBeGreaterThanOrEqual(2);
    expect(new Set(short).size).toBe(1);
    expect(await resolveShortLink(server.deps.db, short[0]!)).toMatch(/^\/auth\/confirm\?token=/);
    expect(data).not.toMatch(/https?:\/\/\S{120,}/);
    expect((await client.get("/api/dev/mail")).status).toBe(404);
    expect(await server.deps.db.selectFrom("dev_outbox").selectAll().execute()).toEqual([]);
  });

  it("sends a notice email with the one-click unsubscribe headers of RFC 8058, as the SMTP server receives them", async () => {
    const user = userInput();
    expect((await new TestClient(server.url).post("/api/auth/sign-up", user)).status).toBe(201);
    const { id } = await server.deps.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", user.email.toLowerCase())
      .executeTakeFirstOrThrow();
    const before = smtp.received.length;
    const outcome = await server.deps.notifier.notify(id, {
      kind: "thanks",
      push: () => ({ title: "Thanks", body: "Someone thanked you.", url: "/profile#thanks", tag: "thanks" }),
      email: ({ language, to }) => ({
        to,
        subject: "Someone thanked you",
        content: {
          language,
          heading: "Thanks",
          greeting: null,
          paragraphs: ["Someone thanked you."],
          action: null,
          footnotes: [],
          signature: "Kindly",
        },
      }),
    });
    expect(outcome.emailed).toBe(true);
    await expect.poll(() => smtp.received.length).toBe(before + 1);
    // The raw message, headers unfolded (RFC 5322 §2.2.3).
    const headers = smtp.received
      .at(-1)!
      .data.split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/kindly\.test\/api\/email-choices\/one-click\?u=[^&]+&k=thanks&s=[\w-]+>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});
