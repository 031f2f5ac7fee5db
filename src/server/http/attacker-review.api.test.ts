import { networkInterfaces } from "node:os";
import { exampleOf, type Schema } from "../test/schema-examples.js";
import { describe, expect, it } from "vitest";
import { linkFromOutbox, outboxFor, signedInUser } from "../test/factories.js";
import { startTestServer, testDrivers, useTestServer } from "../test/test-server.js";
import { TestClient } from "../test/http-client.js";

// The findings of a security review, each proven closed the way an attacker would try it.

const DEV_ROUTES = ["/api/dev/mail", "/api/dev/demo-links", "/dev/mail"];

/** An address of this machine that is not loopback, so a request to it has a non-loopback peer. */
function nonLoopbackAddress(): string | undefined {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === "IPv4" && !entry.internal) return entry.address;
  }
  return undefined;
}

describe("the development routes", () => {
  it("answer 404 to a client on another address, and to anything forwarded by a proxy", async () => {
    const server = await startTestServer("postgres", { host: "0.0.0.0" });
    try {
      const port = new URL(server.url).port;
      const local = new TestClient(`http://127.0.0.1:${port}`);
      expect((await local.get("/api/dev/mail")).status).toBe(200);

      const address = nonLoopbackAddress();
      if (address) {
        const remote = new TestClient(`http://${address}:${port}`);
        for (const path of DEV_ROUTES) {
          const res = await remote.get(path);
          expect(res.status, path).toBe(404);
          expect(res.body.error.code).toBe("not_found");
        }
      } else {
        // A machine with loopback only: the peer address is injected instead.
        for (const path of DEV_ROUTES) {
          const res = await server.app.inject({ method: "GET", url: path, remoteAddress: "203.0.113.7" });
          expect(res.statusCode, path).toBe(404);
        }
      }
      for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
        expect((await local.get("/api/dev/mail", { [header]: "203.0.113.7" })).status, header).toBe(404);
      }
      // Encoded paths reach the same routes and the same refusal.
      expect((await local.get("/api/%64ev/mail", { "x-forwarded-for": "203.0.113.7" })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("do not exist in production, even from this machine", async () => {
    const server = await startTestServer("postgres", { env: { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9" } });
    try {
      for (const path of DEV_ROUTES) expect((await new TestClient(server.url).get(path)).status, path).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe.each(testDrivers())("attacks reviewed, on %s", (driver) => {
  const suite = useTestServer(driver, { env: { OFFICIAL_ACCOUNT_EMAIL: "boss@kindly.test" } });

  it("keeps the official account's reset link out of the outbox", async () => {
    const { ensureOfficialAccount } = await import("../features/auth/index.js");
    await ensureOfficialAccount(suite.server.deps, "boss@kindly.test");
    const asked = await suite.client.fresh().post("/api/auth/forgot-password", { email: "boss@kindly.test" });
    expect(asked.status).toBe(200);
    expect(await outboxFor(suite.server, "boss@kindly.test")).toEqual([]);
    const outbox = await suite.client.get("/api/dev/mail");
    expect(JSON.stringify(outbox.body)).not.toContain("boss@kindly.test");

    // Anyone else's reset still arrives, so the outbox keeps its purpose.
    const user = await signedInUser(suite.server);
    await user.client.fresh().post("/api/auth/forgot-password", { email: user.email });
    expect((await linkFromOutbox(suite.server, user.email, "/reset-password")).pathname).toBe("/reset-password");
  });

  it("refuses percent-encoded state-changing paths from another origin", async () => {
    const user = await signedInUser(suite.server);
    const evil = { origin: "https://evil.example" };
    for (const path of ["/%61pi/auth/sign-out", "/%2561pi/auth/sign-out", "/api/%61uth/sign-out", "/API/auth/sign-out"]) {
      const res = await user.client.post(path, {}, evil);
      expect(res.status, path).toBe(403);
    }
    const patched = await user.client.patch("/%61pi/me", { country: "FR" }, evil);
    expect(patched.status).toBe(403);
    // Still signed in, profile unchanged.
    const me = await user.client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user?.country ?? me.body.country).toBe("CA");
  });

  it("refuses device times PostgreSQL cannot store, with a 400 naming the field and no coordinates in the log", async () => {
    const user = await signedInUser(suite.server);
    const base = { org: "ORG", loc: "nowhere", type: "virtual", lat: 45.123456, lon: -73.654321 };
    for (const clientTimestamp of [
      "0000-01-01T00:00:00Z",
      "9999-12-31T23:59:59+14:00",
      "9999-12-31T23:59:59-16:00",
      "2026-11-22T10:00:00+16:00",
      "2026-11-22T10:00:00-23:59",
      "1970-01-01T00:00:00Z",
    ]) {
      const res = await user.client.post("/api/scans", { ...base, clientTimestamp });
      expect(res.status, clientTimestamp).toBe(400);
      expect(res.body.error.field).toBe("clientTimestamp");
    }
    const now = await user.client.post("/api/scans", { ...base, clientTimestamp: new Date().toISOString() });
    expect(now.body.error.code).toBe("invalid_qr");
    const logs = suite.server.logs.join("\n");
    expect(logs).not.toContain("45.123456");
    expect(logs).not.toContain("73.654321");
  });

  it("refuses a NUL byte in every string field of every route with a 400 naming it, never a 5xx", async () => {
    const user = await signedInUser(suite.server);
    const routes = stringFieldsOfEveryRoute(suite.server.app.swagger() as OpenApi);
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of routes) {
      for (const field of route.fields) {
        for (const poison of ["\u0000", `a\u0000b`, `${"\u0000".repeat(3)}x`]) {
          const input = sampleInput(route, field.name, poison);
          const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(String(field.in === "path" && field.name === name ? poison : (input.params[name] ?? "x"))),
          );
          const query = new URLSearchParams(input.query as Record<string, string>).toString();
          const res = await user.client.request(
            route.method,
            `${url}${query ? `?${query}` : ""}`,
            route.method === "GET" ? undefined : input.body,
          );
          if (res.status >= 500) failures.push(`${route.method} ${route.path} ${field.name}: ${res.status}`);
          else if (res.status === 400 && res.body?.error?.field !== field.name) {
            failures.push(`${route.method} ${route.path} ${field.name}: 400 names ${res.body?.error?.field}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers NUL-laden and random strings anywhere in a body without a 5xx", async () => {
    const user = await signedInUser(suite.server);
    const anonymous = suite.client.fresh();
    const routes = stringFieldsOfEveryRoute(suite.server.app.swagger() as OpenApi).filter((route) => route.method !== "GET");
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const noise = () =>
      Array.from({ length: Math.floor(random() * 40) }, () => String.fromCharCode(Math.floor(random() * 0x2fff))).join("");
    const failures: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      for (const route of routes) {
        const body = Object.fromEntries(route.fields.filter((f) => f.in === "body").map((f) => [f.name, noise()]));
        for (const client of [user.client, anonymous]) {
          const res = await client.request(route.method, route.path.replace(/\{\w+\}/g, "x"), body);
          if (res.status >= 500) failures.push(`${route.method} ${route.path}: ${res.status} for ${JSON.stringify(body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The account survived the noise (no sign-out, no change of email through a stray route).
    expect((await user.client.get("/api/me")).status).toBe(200);
  });
});

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string; in: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    >
  >;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  default?: unknown;
}
interface RouteFields {
  method: string;
  path: string;
  fields: { name: string; in: "body" | "query" | "path"; schema: JsonSchema }[];
}

function isStringField(schema: JsonSchema): boolean {
  return (schema.type === "string" && !schema.enum) || (schema.anyOf ?? []).some(isStringField);
}

/** Every documented route with at least one free-text field, read from the OpenAPI document. */
function stringFieldsOfEveryRoute(doc: OpenApi): RouteFields[] {
  const routes: RouteFields[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const fields: RouteFields["fields"] = [];
      for (const parameter of operation.parameters ?? []) {
        // A header cannot carry a NUL byte at all (HTTP refuses it before Kindly sees it); its schema is checked like any other.
        if (parameter.in === "header") continue;
        fields.push({ name: parameter.name, in: parameter.in === "path" ? "path" : "query", schema: parameter.schema });
      }
      const body = operation.requestBody?.content["application/json"]?.schema;
      for (const [name, schema] of bodyFields(body?.properties ?? {})) fields.push({ name, in: "body", schema });
      const text = fields.filter((field) => isStringField(field.schema));
      if (text.length > 0) routes.push({ method: method.toUpperCase(), path, fields });
    }
  }
  return routes;
}

/** A body's fields, objects opened down to their leaves, named by dotted path as the server names them ("name.fr"). */
function bodyFields(properties: Record<string, JsonSchema>, prefix = ""): [string, JsonSchema][] {
  return Object.entries(properties).flatMap(([name, schema]) =>
    schema.type === "object" && schema.properties ? bodyFields(schema.properties, `${prefix}${name}.`) : [[`${prefix}${name}`, schema]],
  );
}

/** A plausible value for every field, with `poison` in the field under test. */
function sampleInput(route: RouteFields, target: string, poison: string) {
  const out = { body: {} as Record<string, unknown>, query: {} as Record<string, unknown>, params: {} as Record<string, unknown> };
  for (const field of route.fields) {
    const bucket = field.in === "body" ? out.body : field.in === "query" ? out.query : out.params;
    const path = field.name.split(".");
    let node = bucket;
    for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = field.name === target ? poison : plausible(path.at(-1)!, field.schema);
  }
  return out;
}

function plausible(name: string, schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.type === "number" || schema.type === "integer") return schema.minimum ?? 1;
  if (schema.type === "boolean") return false;
  // A map by key (a name's translations by language): empty is a valid one.
  if (schema.type === "object") return {};
  if (/email/i.test(name)) return "someone@example.test";
  if (/phone/i.test(name)) return "514 555-0199";
  if (/country/i.test(name)) return "CA";
  if (/password/i.test(name)) return "correct horse battery";
  if (schema.format === "date-time") return new Date().toISOString();
  if (schema.format === "date") return "2026-11-01";
  if (schema.format === "uri") return "https://push.example.test/send/1";
  // A field with a pattern (a token, an issuer's address): text that fits it, so the poison lands in the field under test alone.
  if ((schema as Schema).pattern) {
    const fitting = exampleOf(schema as Schema, "least");
    if (typeof fitting === "string") return fitting;
  }
  return "plain".padEnd((schema as { minLength?: number }).minLength ?? 0, "x");
}
