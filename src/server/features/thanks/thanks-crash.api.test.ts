import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../platform/db/client.js";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { freePort, startServerProcess, type ServerProcess } from "../../test/server-process.js";
import { startSmtpCapture } from "../../test/smtp-capture.js";
import { createTestDatabase } from "../../test/test-databases.js";
import { testDatabaseUrl } from "../../test/test-server.js";

/**
 * The giver's notice is queued in the thanks' own transaction (issue 62 §2):
 * with the mail server down, Kindly answers the thanks, fails to mail it, and
 * is killed before it tries again; the next start mails it, once.
 */
describe("a thanks whose notice was not delivered when Kindly crashed", () => {
  it("is mailed by the next start, from the queue the thanks was written with", async () => {
    const database = await createTestDatabase(testDatabaseUrl());
    const smtp = await startSmtpCapture();
    const downPort = await freePort();
    const port = await freePort();
    const env = (smtpUrl: string) => ({ DATABASE_URL: database.url, NODE_ENV: "test", SMTP_URL: smtpUrl });
    let server: ServerProcess = await startServerProcess({ port, env: env(`smtp://127.0.0.1:${downPort}`) });
    const setup = await openDatabase({ url: database.url, poolSize: 2 });
    try {
      const secret = await setup.db.selectFrom("app_settings").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
      const [giver, receiver] = await buildUsers(setup.db, { secret: secret.value, cookieName: "kindly.session_token" }, 2);
      const codes = await buildOrganization(setup.db);
      const card = { ...codes.portable, card: 3 };
      expect((await new TestClient(server.url, { cookie: giver!.cookie }).post("/api/scans", card)).status).toBe(201);
      const sender = new TestClient(server.url, { cookie: receiver!.cookie });
      const received = await sender.post("/api/scans", card);
      expect(received.status).toBe(201);

      expect((await sender.post(`/api/me/acts/${received.body.actId}/thanks`, { message: "Merci!" })).status).toBe(201);
      // Tried once (the mail server is down), waiting for its next try.
      const queued = () => setup.db.selectFrom("queued_tasks").select(["kind", "attempts", "last_error"]).execute();
      for (let i = 0; i < 200 && !(await queued())[0]?.last_error; i++) await sleep(50);
      expect(await queued()).toEqual([{ kind: "thanks-notice", attempts: 1, last_error: expect.any(String) }]);
      await server.stop("SIGKILL");

      server = await startServerProcess({ port, env: env(smtp.url) });
      for (let i = 0; i < 400 && smtp.received.length === 0; i++) await sleep(50);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[giver!.email]]);
      expect(smtp.received[0]!.data).toContain("Merci!");
      for (let i = 0; i < 100 && (await queued()).length > 0; i++) await sleep(50);
      expect(await queued()).toEqual([]);
    } finally {
      await setup.close();
      await server.stop("SIGTERM");
      await smtp.close();
      await database.drop();
    }
  });
});
