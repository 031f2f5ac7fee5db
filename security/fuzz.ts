import { createRequire } from "node:module";
import { CALLERS, type Caller, type Callers } from "./callers.js";
import { fillPath, queryString, SESSION_ENDING, typeOf, type JsonSchema, type Operation } from "../src/server/test/openapi-operations.js";
import { contractOf, type Contract } from "../src/server/test/api-contract.js";

// openapi-fuzzer-core reads Swagger 2 (bodies as `in: body` parameters,
// schemas under `definitions`); Kindly's document is OpenAPI 3, so each
// operation is restated in that shape before the library generates its
// boundary cases. Random cases are added here, from a seeded generator, so a
// run can be repeated.
const require = createRequire(import.meta.url);
const fuzzer = require("openapi-fuzzer-core") as {
  swagger(spec: unknown): { name: string; request: FuzzRequest }[];
};

interface FuzzRequest {
  method: string;
  path: string;
  pathParams?: Record<string, unknown>;
  queryParams?: Record<string, unknown>;
  body?: unknown;
}

function swagger2Schema(schema: JsonSchema): JsonSchema {
  const type = typeOf(schema);
  return {
    ...schema,
    type: type === "number" ? "integer" : type,
    ...(schema.properties
      ? { properties: Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, swagger2Schema(value)])) }
      : {}),
    ...(schema.items ? { items: swagger2Schema(schema.items) } : {}),
  };
}

function boundaryCases(operations: Operation[]): FuzzRequest[] {
  const paths: Record<string, Record<string, unknown>> = {};
  const definitions: Record<string, JsonSchema> = {};
  operations.forEach((operation, index) => {
    const parameters: unknown[] = operation.parameters.map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required,
      ...swagger2Schema(p.schema),
    }));
    if (operation.body) {
      definitions[`body${index}`] = swagger2Schema(operation.body);
      parameters.push({ name: "body", in: "body", schema: { $ref: `#/definitions/body${index}` } });
    }
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = { parameters };
  });
  return fuzzer.swagger({ basePath: "", paths, definitions }).map((spec) => spec.request);
}

/** A small seeded generator (mulberry32): the same seed gives the same run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY = [
  "",
  " ",
  "' OR '1'='1",
  '"; drop table users; --',
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "\u0000",
  "😀".repeat(300),
  "a".repeat(10_000),
  "-1",
  "1e309",
  "NaN",
  "null",
  "{}",
  "[]",
  "\u202e\u0301",
  "2026-02-30",
];

function randomValue(schema: JsonSchema, random: () => number, depth = 0): unknown {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const roll = random();
  if (roll < 0.1) return pick([null, true, 0, -1, 2 ** 53, [], {}]);
  switch (typeOf(schema)) {
    case "integer":
    case "number":
      return pick([0, -1, 1.5, 1e308, -(2 ** 31), (schema.maximum ?? 100) + 1, (schema.minimum ?? 0) - 1, "12"]);
    case "boolean":
      return pick([true, false, "true", 1]);
    case "array":
      return depth > 2 ? [] : Array.from({ length: Math.floor(random() * 4) }, () => randomValue(schema.items ?? {}, random, depth + 1));
    case "object":
      return depth > 2
        ? {}
        : Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, randomValue(value, random, depth + 1)]));
    default:
      return roll < 0.6
        ? pick(NASTY)
        : Array.from({ length: Math.floor(random() * 40) }, () => String.fromCodePoint(Math.floor(random() * 0x2fff))).join("");
  }
}

function randomCases(operations: Operation[], perOperation: number, random: () => number): FuzzRequest[] {
  return operations.flatMap((operation) =>
    Array.from({ length: perOperation }, () => ({
      method: operation.method.toLowerCase(),
      path: operation.path,
      pathParams: Object.fromEntries(
        operation.parameters.filter((p) => p.in === "path").map((p) => [p.name, randomValue(p.schema, random)]),
      ),
      queryParams: Object.fromEntries(
        operation.parameters.filter((p) => p.in === "query").map((p) => [p.name, randomValue(p.schema, random)]),
      ),
      body: operation.body ? randomValue(operation.body, random) : undefined,
    })),
  );
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  findings: string[];
}

/** The error shape every 4xx answer must have. */
function hasErrorShape(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === "string" && typeof body.error.message === "string";
  } catch {
    return false;
  }
}

/**
 * Sends every boundary case the library generates and `randomPerOperation`
 * random ones per operation, as each kind of caller; finds any answer of
 * 500 or more, any connection the server drops, any 4xx not in the
 * `{error:{code,message}}` shape, and any answer the API's document does not
 * describe (a status it does not list, a body off its schema).
 */
export async function runFuzzer(baseUrl: string, operations: Operation[], callers: Callers, randomPerOperation = 10): Promise<FuzzReport> {
  const byOperation = new Map(operations.map((operation) => [`${operation.method} ${operation.path}`, operation]));
  const cases = [...boundaryCases(operations), ...randomCases(operations, randomPerOperation, seeded(15))];
  const report: FuzzReport = { requests: 0, byStatus: {}, findings: [] };
  const contract = await contractOf(baseUrl);
  const jobs = cases.flatMap((request) => CALLERS.map((caller) => ({ request, caller })));
  // Calls that end a session run as the visitor only, so every caller keeps theirs.
  const runnable = jobs.filter(
    ({ request, caller }) => caller === "visitor" || !SESSION_ENDING.includes(`${request.method.toUpperCase()} ${request.path}`),
  );
  let next = 0;
  const worker = async () => {
    while (next < runnable.length) {
      const { request, caller } = runnable[next++]!;
      await send(baseUrl, byOperation, request, caller, callers, report, contract);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return report;
}

async function send(
  baseUrl: string,
  byOperation: Map<string, Operation>,
  request: FuzzRequest,
  caller: Caller,
  callers: Callers,
  report: FuzzReport,
  contract: Contract | null,
): Promise<void> {
  const method = request.method.toUpperCase();
  const operation = byOperation.get(`${method} ${request.path}`);
  const pathValues = { ...request.pathParams };
  // The library names a path parameter after itself; the organisation in question is a real one.
  if (pathValues.organizationId === "organizationId") delete pathValues.organizationId;
  const path = operation ? fillPath(operation, callers.organizationId, pathValues) : request.path;
  const url = `${baseUrl}${path}${queryString(request.queryParams ?? {})}`;
  const cookie = callers.cookies[caller];
  const label = `${method} ${request.path} as ${caller}`;
  report.requests += 1;
  try {
    const response = await fetch(url, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: request.body !== undefined && method !== "GET" ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) return void (await response.body?.cancel());
    const text = await response.text();
    if (response.status >= 500)
      report.findings.push(`${label}: ${response.status} for ${url} ${JSON.stringify(request.body ?? null).slice(0, 200)}`);
    else if (response.status >= 400 && !hasErrorShape(text))
      report.findings.push(`${label}: ${response.status} not in the error shape: ${text.slice(0, 120)}`);
    const json = response.headers.get("content-type")?.includes("json") ? parsed(text) : text.length > 0 ? text : null;
    const query = queryString(request.queryParams ?? {});
    const undocumented = contract?.check(method, `${path}${query}`, response.status, response.headers.get("content-type") ?? "", json);
    if (undocumented) report.findings.push(`${label}: not as documented: ${undocumented}`);
  } catch (error) {
    report.findings.push(`${label}: no answer (${error instanceof Error ? error.message : String(error)}) for ${url}`);
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
