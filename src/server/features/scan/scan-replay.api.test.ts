import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { useTestServer } from "../../test/test-server.js";
import { purgeOldScanReplays } from "./scan-service.js";

/** Sends a scan and hangs up before any answer can come back: the answer is lost, as in a dropped connection. */
function scanAndHangUp(url: string, cookie: string, body: unknown, key: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = httpRequest({
      host: hostname,
      port,
      method: "POST",
      path: "/api/scans",
      headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(text), "idempotency-key": key },
    });
    req.on("error", () => resolve());
    req.end(text, () => {
      req.destroy();
      resolve();
    });
  });
}

describe("a retried scan", () => {
  const suite = useTestServer("postgres");

  it("gets the act its first try recorded when that answer was lost: same number, same card", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { portable } = await buildOrganization(db);
    const card = { ...portable, card: 7 };
    const key = randomUUID();
    await scanAndHangUp(suite.server.url, user!.cookie, card, key);
    // The act was recorded although nobody heard the answer.
    await expect
      .poll(async () => (await db.selectFrom("acts").select("id").where("user_id", "=", user!.id).execute()).length, { timeout: 30_000 })
      .toBe(1);
    const [act] = await db.selectFrom("acts").select(["id", "act_number"]).where("user_id", "=", user!.id).execute();

    const client = new TestClient(suite.server.url, { cookie: user!.cookie });
    const retry = await client.post("/api/scans", card, { "idempotency-key": key });
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ status: "success", actId: act!.id, actNumber: act!.act_number, journeyId: expect.any(String) });
    // Again, and the act is still one.
    expect((await client.post("/api/scans", card, { "idempotency-key": key })).body.actNumber).toBe(act!.act_number);
    expect(await db.selectFrom("acts").select("id").where("user_id", "=", user!.id).execute()).toHaveLength(1);

    // A new tap (another key) on the same organisation's card is refused, as before.
    const newTap = await client.post("/api/scans", card, { "idempotency-key": randomUUID() });
    expect(newTap.status).toBe(409);
    expect(newTap.body.error.code).toBe("already_scanned_organisation");
  });

  it("answers a tap sent twice at once with one act, to both", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { virtual } = await buildOrganization(db);
    const place = { ...virtual[0]!.code, ...virtual[0]!.at };
    const key = randomUUID();
    const client = new TestClient(suite.server.url, { cookie: user!.cookie });
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.post("/api/scans", place, { "idempotency-key": key })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.actId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.actNumber)).size).toBe(1);
    // The very answer the first try got, kind message included.
    expect(answers[0]!.body.kindMessage).toEqual({ en: expect.any(String), fr: expect.any(String) });
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await db.selectFrom("acts").select("id").where("user_id", "=", user!.id).execute()).toHaveLength(1);
  });

  it("is a new tap once a day has passed, and refuses a key that is not one", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { physical } = await buildOrganization(db);
    const key = randomUUID();
    const client = new TestClient(suite.server.url, { cookie: user!.cookie });
    expect((await client.post("/api/scans", physical, { "idempotency-key": key })).status).toBe(201);
    await purgeOldScanReplays(db, new Date(Date.now() + 25 * 3_600_000));
    const late = await client.post("/api/scans", physical, { "idempotency-key": key });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("already_scanned_organisation");

    const bad = await client.post("/api/scans", physical, { "idempotency-key": "short" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_input");
  });

  it("refuses a key reused with another request (422), recording nothing and answering nothing of the first act", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const first = await buildOrganization(db);
    const second = await buildOrganization(db);
    const key = randomUUID();
    const client = new TestClient(suite.server.url, { cookie: user!.cookie });
    const recorded = await client.post("/api/scans", first.physical, { "idempotency-key": key });
    expect(recorded.status).toBe(201);
    const reused = await client.post("/api/scans", second.physical, { "idempotency-key": key, "accept-language": "fr-CA" });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("idempotency_key_reused");
    expect(reused.body.error.message).toContain("clé");
    expect(JSON.stringify(reused.body)).not.toContain(recorded.body.actId);
    expect(await db.selectFrom("acts").select("id").where("user_id", "=", user!.id).execute()).toHaveLength(1);
    // The same request with its fields in another order is the same request: the first act again.
    const reordered = Object.fromEntries(Object.entries(first.physical).reverse());
    expect((await client.post("/api/scans", reordered, { "idempotency-key": key })).body.actId).toBe(recorded.body.actId);
    // The second organisation's scan with a new key is a new act.
    expect((await client.post("/api/scans", second.physical, { "idempotency-key": randomUUID() })).status).toBe(201);
  });
});
