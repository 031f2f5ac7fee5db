import { describe, expect, it } from "vitest";
import { buildUsers, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { startTestServer, testDrivers, useTestServer } from "../../test/test-server.js";

// Servers remember checked sessions for a few seconds; these prove that an
// ended session is refused from the next request on all the same.

describe.each(testDrivers())("remembered sessions on %s", (driver) => {
  const suite = useTestServer(driver);

  it("refuse a signed-out session on the very next request", async () => {
    const user = await signedInUser(suite.server);
    const tab = user.client;
    expect((await tab.get("/api/me")).status).toBe(200);
    expect((await tab.get("/api/me")).status).toBe(200);
    // Another tab keeps a copy of the same cookie.
    const copy = new TestClient(suite.server.url);
    const signIn = await copy.post("/api/auth/sign-in", { email: user.email, password: user.password });
    expect(signIn.status).toBe(200);
    expect((await copy.get("/api/me")).status).toBe(200);
    expect((await tab.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await tab.get("/api/me")).status).toBe(401);
    // Ending the other sessions ends the second tab's at once.
    const third = await signedInUser(suite.server);
    const otherTab = new TestClient(suite.server.url);
    await otherTab.post("/api/auth/sign-in", { email: third.email, password: third.password });
    expect((await otherTab.get("/api/me")).status).toBe(200);
    const changed = await third.client.post("/api/auth/change-password", {
      currentPassword: third.password,
      newPassword: "another long passphrase",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await otherTab.get("/api/me")).status).toBe(401);
    expect((await third.client.get("/api/me")).status).toBe(200);
  });

  it("answer people arriving together each as themselves, and refuse the expired among them", async () => {
    const db = suite.server.deps.db;
    const people = await buildUsers(db, suite.server.deps.auth, 30);
    const expired = new Set(people.filter((_, i) => i % 3 === 0).map((person) => person.id));
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("user_id", "in", [...expired])
      .execute();
    // None of them was remembered yet: their sessions are looked up together.
    const answers = await Promise.all(people.map((person) => new TestClient(suite.server.url, { cookie: person.cookie }).get("/api/me")));
    expect(answers.map((answer) => (answer.status === 200 ? answer.body.id : answer.status))).toEqual(
      people.map((person) => (expired.has(person.id) ? 401 : person.id)),
    );
  });

  it("refuse a session deleted straight in the database", async () => {
    const user = await signedInUser(suite.server);
    expect((await user.client.get("/api/me")).status).toBe(200);
    await suite.server.deps.db.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    // Announced by the database to every server: no request made through this one.
    await expect.poll(async () => (await user.client.get("/api/me")).status).toBe(401);
  });
});

describe("remembered sessions across two processes", () => {
  it("end in every process when the person signs out through one", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const user = await signedInUser(first);
      const cookie = user.client.cookieHeader();
      const throughSecond = new TestClient(second.url, { cookie });
      expect((await throughSecond.get("/api/me")).status).toBe(200);
      expect((await user.client.post("/api/auth/sign-out", {})).status).toBe(200);
      // The database's announcement reaches the second process within milliseconds.
      await expect.poll(async () => (await throughSecond.get("/api/me")).status).toBe(401);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
