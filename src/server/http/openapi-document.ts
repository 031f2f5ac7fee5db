import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { ERROR_CODES, type ErrorCode } from "../../shared/errors.js";
import { describedAs } from "../../shared/schemas/text.js";
import { statusOfError } from "../kernel/app-error.js";

/*
 * The API's OpenAPI document (/api/docs/json), as a client generated from it
 * needs it: every operation's success answer as sent (a 204 has no body, a
 * file is binary), and every error answer in Kindly's one error shape with
 * the codes each status carries. The zod schemas give the rest; where a zod
 * rule is one JSON Schema cannot see (a refinement, a trim), the check says
 * it with `described()` (shared/schemas/text.ts) and `documentOverride`
 * writes it in.
 */

type Json = Record<string, unknown>;

/** Each error status with the codes it carries, from the one map the error handler answers with. */
export function errorCodesByStatus(): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of ERROR_CODES) {
    const status = statusOfError(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

const errorSchema = (codes: ErrorCode[]): Json => ({
  type: "object",
  required: ["error"],
  additionalProperties: false,
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      additionalProperties: false,
      properties: {
        code: { type: "string", enum: codes },
        message: { type: "string", description: "For people, in the request's language." },
        field: { type: "string", description: "The request field the error is about." },
        retryAfterSeconds: { type: "integer", minimum: 1, description: "Also sent as the Retry-After header." },
        details: { type: "object", additionalProperties: { anyOf: [{ type: "string" }, { type: "number" }] } },
      },
    },
  },
});

const REASONS: Record<number, string> = {
  400: "The request is not valid: `field` names what to fix.",
  401: "Not signed in, or the credentials or token are wrong.",
  403: "Not allowed to do this.",
  404: "Not found, or not visible to you.",
  405: "This address does not take this method (see the Allow header).",
  408: "The request took too long to arrive.",
  409: "Refused by a rule of the current state (already done, a limit reached, a conflict).",
  410: "No longer available.",
  413: "The request body is too large.",
  422: "Understood but cannot be processed.",
  429: "Too many requests: try again after Retry-After seconds.",
  431: "The address or headers are too long.",
  500: "An unexpected error on the server.",
  503: "A dependency (database, storage) is unavailable: try again after Retry-After seconds.",
};

/** `components.responses`: one error answer per status, referred to by every operation. */
export function errorResponses(): Record<string, Json> {
  return Object.fromEntries(
    [...errorCodesByStatus()].map(([status, codes]) => [
      `Error${status}`,
      {
        description: REASONS[status] ?? "An error.",
        content: { "application/json": { schema: errorSchema(codes) } },
      },
    ]),
  );
}

/** Error statuses an operation answers; 405 belongs to addresses asked with another method, not to an operation. */
const OPERATION_ERROR_STATUSES = [...errorCodesByStatus().keys()].filter((status) => status !== 405);

interface OverrideContext {
  zodSchema: { _zod: { def: { type: string; checks?: unknown[] } } };
  jsonSchema: Json & { anyOf?: Json[]; minLength?: number; pattern?: string; not?: Json };
}

const isNullBranch = (schema: Json) =>
  schema.nullable === true && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;

/**
 * What zod's JSON Schema misses, added where the shared schemas described
 * it (shared/schemas/text.ts): patterns text must match or never match, a
 * length in characters, a trimmed required field's need for a character that
 * is not a space, a rule between fields. Also what
 * fastify-type-provider-zod's own override does for OpenAPI 3.0 (a union with
 * null is one nullable schema; a date is a date-time string), which a custom
 * override replaces.
 */
function documentOverride(context: unknown): void {
  const { zodSchema, jsonSchema } = context as OverrideContext;
  const { type, checks = [] } = zodSchema._zod.def;
  if (type === "union" && jsonSchema.anyOf) {
    const branches = jsonSchema.anyOf.filter((branch) => Object.keys(branch).length > 0);
    const others = branches.filter((branch) => !isNullBranch(branch));
    if (others.length === 1 && others.length < branches.length) {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, others[0], { nullable: true });
    } else {
      jsonSchema.anyOf = others;
      if (others.length < branches.length) jsonSchema.nullable = true;
    }
  }
  if (type === "date") Object.assign(jsonSchema, { type: "string", format: "date-time" });
  const rules = checks.map(describedAs).filter((rule) => rule !== undefined);
  const crossField = rules.flatMap((rule) => rule.crossField ?? []);
  if (crossField.length > 0) {
    // Stated in words (and listed, for a client that reads extensions): JSON Schema cannot compare two fields.
    jsonSchema.description = [jsonSchema.description, ...crossField.map((rule) => `Rule: ${rule.rule}.`)].filter(Boolean).join(" ");
    jsonSchema["x-cross-field-rules"] = crossField;
  }
  for (const rule of rules) {
    if (rule.maxLength === undefined) continue;
    const key = type === "array" ? "maxItems" : "maxLength";
    jsonSchema[key] = Math.min((jsonSchema[key] as number | undefined) ?? Infinity, rule.maxLength);
  }
  if (type !== "string") return;
  const never = rules.flatMap((rule) => (rule.notPattern ? [rule.notPattern] : []));
  if (never.length > 0) jsonSchema.not = { pattern: never.join("|") };
  for (const rule of rules) if (rule.pattern) addPattern(jsonSchema, rule.pattern);
  for (const rule of rules) if (rule.format) jsonSchema.format = rule.format;
  const least = jsonSchema.minLength ?? 0;
  if (rules.some((rule) => rule.trimmed) && least >= 1) {
    // Its length counts once surrounding spaces are gone: from the first character that is not a space to the last.
    addPattern(jsonSchema, least === 1 ? "\\S" : `\\S[\\s\\S]{${least - 2},}\\S`);
  }
}

/** A second pattern goes in `allOf`: a JSON Schema has one `pattern`, and text may have to match several. */
function addPattern(jsonSchema: OverrideContext["jsonSchema"], pattern: string): void {
  if (!jsonSchema.pattern) jsonSchema.pattern = pattern;
  else if (jsonSchema.pattern !== pattern) jsonSchema.allOf = [...((jsonSchema.allOf as Json[] | undefined) ?? []), { pattern }];
}

const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: documentOverride } as never });

declare module "fastify" {
  interface FastifySchema {
    /** An upload's form, for the document only: the route reads the stream itself (see `multipartForm`). */
    multipart?: Json;
  }
}

/**
 * An upload's form as the document states it: the file field (binary) and
 * the other fields' zod schema. The route reads the multipart stream itself,
 * so this is never used to validate; it tells a client what to send.
 */
export function multipartForm(file: string, fields?: z.ZodMiniType): Json {
  const others = fields
    ? (z.toJSONSchema(fields, { io: "input", target: "openapi-3.0" }) as { properties?: Json; required?: string[] })
    : {};
  return {
    type: "object",
    required: [file, ...(others.required ?? [])],
    properties: { [file]: { type: "string", format: "binary" }, ...others.properties },
  };
}

/** The per-route transform: zod's schemas; pages and static files are the app, not the API, and stay out. */
export function openApiRouteTransform(input: Parameters<typeof zodTransform>[0]) {
  if (!input.url.startsWith("/api/")) return { schema: { hide: true }, url: input.url };
  const { multipart, ...schema } = (input.schema ?? {}) as { multipart?: Json };
  const result = zodTransform({ ...input, schema } as typeof input) as { schema: Json; url: string };
  // An upload's form is its body in the document (its content type is the route's `consumes`).
  return multipart ? { ...result, schema: { ...result.schema, body: multipart } } : result;
}

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);
const SUCCESS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted: the work goes on after the answer",
  "204": "Done: no body",
  "302": "Found: the browser goes on to the `location` header's address (no body)",
};

interface Response {
  description?: string;
  content?: Record<string, { schema?: Json }>;
  [key: string]: unknown;
}
interface Document {
  paths?: Record<
    string,
    Record<string, { parameters?: { in: string; schema?: Json }[]; responses?: Record<string, Response | { $ref: string }> }>
  >;
  components?: Json & { responses?: Record<string, Json> };
  [key: string]: unknown;
}

/** The whole document's finishing touches: the answers as the server really sends them. */
export function openApiDocumentTransform(input: { openapiObject: object } | { swaggerObject: object }): never {
  const document = ("openapiObject" in input ? input.openapiObject : input.swaggerObject) as Document;
  for (const item of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      // A path segment is never empty (`/teams//reports` is no team's address).
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === "path" && parameter.schema?.type === "string" && parameter.schema.minLength === undefined)
          parameter.schema.minLength = 1;
      }
      const responses: Record<string, Response | { $ref: string }> = {};
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (Number(status) >= 400) continue; // errors: the one shape below
        // No body: a 204, and the redirects of the routes a browser navigates to (single sign-on).
        responses[status] = status === "204" || status === "302" ? { description: SUCCESS[status]! } : success(status, answer as Response);
      }
      for (const status of OPERATION_ERROR_STATUSES) {
        const own = (operation.responses?.[String(status)] as Response | undefined)?.content?.["application/json"]?.schema;
        // A route with an answer of its own for an error status (readiness's 503 says what is down) may still
        // answer Kindly's error shape there (a draining server's 503): either.
        responses[String(status)] = own ? eitherAnswer(status, own) : { $ref: `#/components/responses/Error${status}` };
      }
      operation.responses = responses;
    }
  }
  nullableEnums(document.paths);
  document.components = { ...document.components, responses: { ...document.components?.responses, ...errorResponses() } };
  // Typed as @fastify/swagger's own OpenAPI types would have it; the shape is checked by the validator test.
  return document as never;
}

/** An error status a route answers with its own body or with the error shape. */
function eitherAnswer(status: number, own: Json): Response {
  const error = errorResponses()[`Error${status}`] as Response;
  return {
    description: error.description,
    content: { "application/json": { schema: { anyOf: [own, error.content!["application/json"]!.schema!] } } },
  };
}

/** A success answer: JSON as its schema says; a file (PDF, image, event stream) as binary. */
function success(status: string, answer: Response): Response {
  const description = SUCCESS[status] ?? "Success";
  const content = Object.fromEntries(
    Object.entries(answer.content ?? {}).map(([type, body]) => [
      type,
      type.includes("json") ? body : { schema: { type: "string", format: "binary" } },
    ]),
  );
  return { ...answer, description, ...(Object.keys(content).length > 0 ? { content } : {}) };
}

/**
 * OpenAPI 3.0 reads `nullable: true` as allowing null only where the schema's
 * other rules do: an enum must list null itself (zod's 3.0 output leaves it
 * out), or a client validating `trend: null` refuses an answer the server
 * sends every day.
 */
function nullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableEnums);
  if (node === null || typeof node !== "object") return;
  const schema = node as Json;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...(schema.enum as unknown[]), null];
  for (const value of Object.values(schema)) nullableEnums(value);
}
