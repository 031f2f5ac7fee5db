import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userInput } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

/** A real SMTP server on loopback stands in for the mail provider. */
describe("email over SMTP when SMTP_URL is set", () => {
  const received: { to: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer("pglite", { env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Kindly <hello@kindly.test>" } });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it("sends the confirmation email through SMTP and keeps the development outbox off", async () => {
    const user = userInput();
    const client = new TestClient(server.url);
    expect((await client.post("/api/auth/sign-up", user)).status).toBe(201);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]!.to).toEqual([user.email]);
    expect(received[0]!.data).toContain("From: Kindly <hello@kindly.test>");
    expect(received[0]!.data).toContain("Subject: Confirm your Kindly account");
    expect(received[0]!.data.replace(/=\r?\n/g, "")).toContain("http://kindly.test/auth/confirm?token=3D");
    expect((await client.get("/api/dev/mail")).status).toBe(404);
    expect(await server.deps.db.selectFrom("dev_outbox").selectAll().execute()).toEqual([]);
  });
});
