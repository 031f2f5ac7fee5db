import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { signedInUser, userInput } from "../test/factories.js";
import { testDrivers, useTestServer } from "../test/test-server.js";
import { checkAnswer, takeContractViolations } from "../test/api-contract.js";
import { errorCodesByStatus } from "./openapi-document.js";

interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: { type?: string; format?: string } }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; components: { responses: Record<string, { content: unknown }> } };

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const METHODS = ["get", "post", "put", "patch", "delete"];
const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );

/**
 * Type-checks files written next to the generated types, as a client's build would, in one program: each
 * file's errors. The ES2022 library alone (no DOM: the types need none), which halves the checker's work.
 */
function typeErrors(files: string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: [],
  });
  const errors = new Map(files.map((file) => [file, [] as string[]]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName ?? "";
    const message = `${file}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
    if (!errors.has(file)) errors.set(file, []);
    errors.get(file)!.push(message);
  }
  return errors;
}

describe.each(testDrivers())("the API's OpenAPI document on %s", (driver) => {
  const suite = useTestServer(driver);
  const document = async () => (await suite.client.get("/api/docs/json")).body as Document;

  it("is a valid OpenAPI document, by an independent validator", async () => {
    const result = await new Validator().validate(await document());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents the API only, every error in Kindly's one shape, 204s without a body and files as binary", async () => {
    const doc = await document();
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith("/api/"))).toEqual([]);
    const statuses = [...errorCodesByStatus().keys()].filter((status) => status !== 405);
    for (const status of errorCodesByStatus().keys()) {
      expect(doc.components.responses[`Error${status}`]?.content, `Error${status}`).toBeDefined();
    }
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(150);
    for (const { name, operation } of operations) {
      for (const status of statuses) {
        // Readiness answers its own body when something is down, and a draining server's error: either is documented.
        if (name === "GET /api/health/ready" && status === 503) {
          const either = (operation.responses["503"]?.content?.["application/json"]?.schema as { anyOf: unknown[] }).anyOf;
          expect(either).toEqual([
            expect.objectContaining({ properties: expect.objectContaining({ status: expect.anything() }) }),
            (doc.components.responses.Error503!.content as { "application/json": { schema: unknown } })["application/json"].schema,
          ]);
          continue;
        }
        expect(operation.responses[String(status)]?.$ref, `${name} ${status}`).toBe(`#/components/responses/Error${status}`);
      }
      if (operation.responses["204"]) expect(operation.responses["204"].content, `${name} 204`).toBeUndefined();
      for (const [status, answer] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          if (!type.includes("json")) expect(media.schema, `${name} ${status} ${type}`).toEqual({ type: "string", format: "binary" });
        }
      }
    }
    // The error code of a 403 is one of the codes that status carries, and only those.
    const forbidden = (
      doc.components.responses.Error403!.content as {
        "application/json": { schema: { properties: { error: { properties: { code: { enum: string[] } } } } } };
      }
    )["application/json"].schema.properties.error.properties.code.enum;
    expect(forbidden).toContain("forbidden");
    expect(forbidden).not.toContain("not_found");
  });

  it("states the formats the server requires, so a client validating with it (ajv here) refuses what the server refuses (issue 58 §7)", async () => {
    const doc = (await document()) as unknown as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>>;
    };
    const bodyOf = (path: string, method: string) => doc.paths[path]![method]!.requestBody!.content["application/json"]!.schema;
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    const manual = ajv.compile(bodyOf("/api/admin/manual-acts", "post"));
    const acts = { organizationId: "o", count: 1, description: "d", proofType: "photo", proofDescription: "", performedOn: "2026-11-02" };
    expect(manual(acts)).toBe(true);
    expect(manual({ ...acts, performedOn: "7169-91-14" })).toBe(false);
    const sso = ajv.compile(bodyOf("/api/organizations/{organizationId}/workplace/sso", "put"));
    const settings = { issuer: "https://login.microsoftonline.com/tenant/v2.0", clientId: "c", clientSecret: "s" };
    expect(sso(settings)).toBe(true);
    for (const issuer of ["http://localhost:92674", "https://idp.example.com:99999", "not a url", "http://idp.example.com"]) {
      expect([issuer, sso({ ...settings, issuer })]).toEqual([issuer, false]);
    }
  });

  it("is the contract every API test's answers are checked against, and the check sees drift", async () => {
    const url = suite.server.url;
    const json = "application/json; charset=utf-8";
    await checkAnswer(url, { method: "GET", path: "/api/me/stats" }, { status: 418, contentType: json, body: {} });
    await checkAnswer(url, { method: "GET", path: "/api/me/stats" }, { status: 200, contentType: json, body: { totalActs: "many" } });
    await checkAnswer(url, { method: "DELETE", path: "/api/me/roles/business" }, { status: 204, contentType: json, body: { done: true } });
    await checkAnswer(
      url,
      { method: "GET", path: "/api/me/stats" },
      { status: 401, contentType: json, body: { error: { code: "forbidden", message: "" } } },
    );
    await checkAnswer(
      url,
      { method: "GET", path: "/api/teams/mine?x=1" },
      { status: 401, contentType: json, body: { error: { code: "not_authenticated", message: "No" } } },
    );
    expect(takeContractViolations(url)).toEqual([
      "GET /api/me/stats: 418 is not documented",
      expect.stringMatching(/^GET \/api\/me\/stats 200: the body does not match the document/),
      "DELETE /api/me/roles/{role}: 204 is documented without a body",
      expect.stringMatching(/^GET \/api\/me\/stats 401: the body does not match the document \(\/error\/code/),
    ]);
  });

  it("generates client types (openapi-typescript) that real requests and answers compile against", async () => {
    const doc = await document();
    const folder = await mkdtemp(join(tmpdir(), "kindly-client-"));
    try {
      await writeFile(join(folder, "api.ts"), astToString(await openapiTS(doc as never)));
      // Real calls: what a client sends, and what the server answered, written as values of the generated types.
      const newcomer = userInput();
      const signedUp = await suite.client.fresh().post("/api/auth/sign-up", newcomer);
      expect(signedUp.status).toBe(201);
      const person = await signedInUser(suite.server);
      const me = await person.client.get("/api/me");
      const stats = await person.client.get("/api/me/stats");
      const publicConfig = await suite.client.get("/api/public-config");
      const wrongPassword = await suite.client.fresh().post("/api/auth/sign-in", { email: person.email, password: "not the password" });
      expect([me.status, stats.status, publicConfig.status, wrongPassword.status]).toEqual([200, 200, 200, 401]);
      const json = (value: unknown) => JSON.stringify(value, null, 2);
      const jsonOf = (path: string, method: string, status: number) =>
        `paths["${path}"]["${method}"]["responses"][${status}]["content"]["application/json"]`;
      await writeFile(
        join(folder, "calls.ts"),
        [
          `import type { paths } from "./api.js";`,
          `export const signUp: paths["/api/auth/sign-up"]["post"]["requestBody"]["content"]["application/json"] = ${json(newcomer)};`,
          `export const signedUp: ${jsonOf("/api/auth/sign-up", "post", 201)} = ${json(signedUp.body)};`,
          `export const me: ${jsonOf("/api/me", "get", 200)} = ${json(me.body)};`,
          `export const stats: ${jsonOf("/api/me/stats", "get", 200)} = ${json(stats.body)};`,
          `export const publicConfig: ${jsonOf("/api/public-config", "get", 200)} = ${json(publicConfig.body)};`,
          `export const refused: ${jsonOf("/api/auth/sign-in", "post", 401)} = ${json(wrongPassword.body)};`,
          // A client reads what it needs with the types' help…
          `export const streak: number = stats.currentStreak;`,
          `export const code: "invalid_credentials" | "not_authenticated" = refused.error.code;`,
        ].join("\n"),
      );
      // …and the types are not blind: a wrong field or a wrong value does not compile.
      await writeFile(
        join(folder, "wrong.ts"),
        [
          `import type { paths } from "./api.js";`,
          `export const stats: ${jsonOf("/api/me/stats", "get", 200)} = { ...${json(stats.body)}, totalActs: "many" };`,
          `export const signUp: paths["/api/auth/sign-up"]["post"]["requestBody"]["content"]["application/json"] = { username: "x" };`,
        ].join("\n"),
      );
      const errors = typeErrors([join(folder, "calls.ts"), join(folder, "wrong.ts")]);
      expect(errors.get(join(folder, "calls.ts"))).toEqual([]);
      expect(errors.get(join(folder, "wrong.ts"))).toHaveLength(2);
      expect([...errors.keys()]).toEqual([join(folder, "calls.ts"), join(folder, "wrong.ts")]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
