import { describe, expect, it } from "vitest";
import { makeOfficial } from "../features/users/index.js";
import { buildUsers } from "../test/factories.js";
import { TestClient } from "../test/http-client.js";
import { readOperations, type Operation } from "../test/openapi-operations.js";
import { exampleOf, VARIANTS, type Schema, type Variant } from "../test/schema-examples.js";
import { testDrivers, useTestServer } from "../test/test-server.js";

/*
 * The API's document as a generated client or a fuzzer reads it: every
 * operation asked with requests the document says are valid (the least, the
 * most and blank-looking values, as a participant and as the official
 * account). None may be refused as invalid (a 400), none may fail (a 500), and
 * every answer must be the document's (the test client checks each one,
 * api-contract.ts). A refusal here means the document promises less than
 * the server asks, or the server asks more than it says.
 */

/**
 * A rule between two fields (an end after a start) is stated in words and in
 * `x-cross-field-rules`, since JSON Schema cannot compare fields: a refusal
 * that names such a field is the document's own word, not a broken promise.
 */
function refusedByStatedRule(operation: Operation, answer: { body: { error?: { code?: string; field?: string } } | null }): boolean {
  const rules = (operation.body?.["x-cross-field-rules"] as { field: string }[] | undefined) ?? [];
  const error = answer.body?.error;
  return error?.code === "invalid_input" && rules.some((rule) => rule.field === error.field);
}

/** The event stream never ends (readOperations already leaves the development helpers out). */
const NOT_ASKED = new Set(["GET /api/events"]);

function requestOf(operation: Operation, variant: Variant) {
  let url = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const schema = parameter.schema as Schema;
    if (parameter.in === "path") {
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(exampleOf(schema, "least"))));
    } else if (parameter.required || variant !== "least") {
      const value = exampleOf(schema, variant) ?? exampleOf(schema, "least");
      if (value !== undefined) query.set(parameter.name, String(value));
    }
  }
  const body = operation.body ? (exampleOf(operation.body as Schema, variant) ?? exampleOf(operation.body as Schema, "least")) : undefined;
  return { url: query.size > 0 ? `${url}?${query}` : url, body };
}

describe.each(testDrivers())("requests the API's document calls valid, on %s", (driver) => {
  const suite = useTestServer(driver);

  it("are neither refused as invalid nor failed, as a participant and as the official account", async () => {
    const { db, auth } = suite.server.deps;
    const refused: string[] = [];
    let asked = 0;
    for (const operation of await readOperations(suite.server.url)) {
      const { method } = operation;
      // Uploads have their own tests.
      if (NOT_ASKED.has(`${method} ${operation.path}`) || operation.multipart) continue;
      for (const role of ["participant", "official"] as const) {
        for (const variant of VARIANTS) {
          // A fresh account each time: one request's effect (signing out, deleting the account) is not the next one's.
          const [person] = await buildUsers(db, auth, 1);
          if (role === "official") await db.transaction().execute((trx) => makeOfficial(trx, person!.id));
          const client = new TestClient(suite.server.url, { cookie: person!.cookie, origin: suite.server.url });
          const { url, body } = requestOf(operation, variant);
          const answer = await client.request(method, url, body);
          asked += 1;
          // 503: a dependency this test does not run (the geocoder) said so, as documented.
          if ((answer.status === 400 && !refusedByStatedRule(operation, answer)) || (answer.status >= 500 && answer.status !== 503)) {
            refused.push(
              `${role} ${variant} ${method} ${url} ${JSON.stringify(body)?.slice(0, 120)} → ${answer.status} ${answer.text.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(900);
    expect(refused).toEqual([]);
  }, 600_000);
});
