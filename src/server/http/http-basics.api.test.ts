import { describe, expect, it } from "vitest";
import { signedInUser, userInput } from "../test/factories.js";
import { testDrivers, useTestServer } from "../test/test-server.js";

describe.each(testDrivers({ replica: true }))("HTTP behaviour on %s", (driver) => {
  const suite = useTestServer(driver, {
    extraRoutes: (app) =>
      app.get("/api/test/boom", { config: { access: "anyone" } }, async () => {
        throw new Error("secret internal detail at /srv/kindly/db.ts:42");
      }),
  });

  it("answers liveness on /api/health and readiness, with the database in use, on /api/health/ready", async () => {
    const live = await suite.client.get("/api/health");
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: "ok" });
    const res = await suite.client.get("/api/health/ready");
    expect(res.status).toBe(200);
    const database = driver === "replica" ? { driver: "postgres", state: "up", replica: "up" } : { driver, state: "up" };
    expect(res.body).toEqual({ status: "ok", database });
  });

  it("answers every failure as { error: { code, message } } with the right status", async () => {
    const notFound = await suite.client.get("/api/no-such-thing");
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual({ error: { code: "not_found", message: expect.any(String) } });

    const malformed = await suite.client.post("/api/auth/sign-in", "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_input");

    const missing = await suite.client.post("/api/auth/sign-in", { email: "a@b.test" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe("password");

    const huge = await suite.client.post("/api/contact", { message: "x".repeat(300_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");

    const anonymous = await suite.client.get("/api/me");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("not_authenticated");

    // The router's own refusals too (found by the OpenAPI fuzzer of `npm run security`).
    const longId = await suite.client.get(`/api/gallery/posts/${"a".repeat(500)}`);
    expect(longId.status).toBe(400);
    expect(longId.body).toEqual({ error: { code: "invalid_input", message: expect.any(String) } });
    const badUrl = await suite.client.get("/api/gallery/posts/%E0%A4%A");
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.code).toBe("invalid_input");
  });

  it("answers a known address asked with a method it does not take with 405 and Allow (issue 46 §8)", async () => {
    const cases: [string, string, string][] = [
      ["DELETE", "/api/stats", "GET, HEAD"],
      ["PUT", "/api/auth/sign-in", "POST"],
      ["POST", "/api/acts/42", "GET, HEAD"],
      ["GET", "/api/scans", "POST"],
      ["PATCH", "/api/health", "GET, HEAD"],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await suite.client.request(method, path, method === "GET" ? undefined : {});
      expect([method, path, answer.status, answer.headers.get("allow")]).toEqual([method, path, 405, allow]);
      expect(answer.body).toEqual({ error: { code: "method_not_allowed", message: expect.any(String) } });
    }
    // An address that does not exist stays a 404, whatever the method.
    expect((await suite.client.request("DELETE", "/api/no-such-thing", {})).status).toBe(404);
  });

  it("hides the details of an unexpected error from the suite.client and keeps serving", async () => {
    const res = await suite.client.get("/api/test/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: "internal_error", message: "Something went wrong on our side. Please try again." } });
    expect(res.text).not.toContain("secret internal detail");
    expect(res.text).not.toContain("db.ts");
    expect((await suite.client.get("/api/health")).status).toBe(200);
  });

  it("answers in the request's language", async () => {
    const res = await suite.client.get("/api/me", { "accept-language": "fr-CA,fr;q=0.9" });
    expect(res.body.error.message).toBe("Veuillez vous connecter pour continuer.");
  });

  it("serves the web app manifest in the visitor's language, with installable icons", async () => {
    const french = await suite.client.get("/manifest.webmanifest", { "accept-language": "fr-CA,fr;q=0.9" });
    expect(french.headers.get("content-type")).toContain("application/manifest+json");
    expect(french.body).toMatchObject({
      lang: "fr",
      name: "Kindly\u00a0: gestes de bienveillance",
      display: "standalone",
      start_url: "/?source=app",
    });
    expect(french.body.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: "192x192", type: "image/png" }),
        expect.objectContaining({ sizes: "512x512", type: "image/png", purpose: "maskable" }),
      ]),
    );
    // The language chosen in the app (its cookie) wins over the browser's.
    const chosen = await suite.client.get("/manifest.webmanifest", { "accept-language": "fr-CA", cookie: "kindly.language=en" });
    expect(chosen.body).toMatchObject({ lang: "en", name: "Kindly: acts of kindness", translations: { fr: { short_name: "Kindly" } } });
  });

  it("sends security headers with a content security policy", async () => {
    const res = await suite.client.get("/api/health");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses state-changing requests from other origins", async () => {
    const user = userInput();
    const foreign = await suite.client.post("/api/auth/sign-up", user, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("cross_origin");
    const crossSite = await suite.client.post("/api/auth/sign-up", user, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const own = await suite.client.post("/api/auth/sign-up", user, { origin: "http://kindly.test" });
    expect(own.status).toBe(201);
  });

  it("never writes a password to the logs", async () => {
    const user = await signedInUser(suite.server, { password: "unmistakable-password-9137" });
    await user.client.post("/api/auth/change-password", { currentPassword: user.password, newPassword: "second-unmistakable-4471" });
    const logs = suite.server.logs.join("\n");
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain("unmistakable-password-9137");
    expect(logs).not.toContain("second-unmistakable-4471");
  });
});
