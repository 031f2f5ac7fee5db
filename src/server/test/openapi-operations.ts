/**
 * The API's operations as its OpenAPI document (/api/docs/json) describes
 * them: what `npm run security` attacks, and the plausible requests the
 * authorisation matrix sends. Development-only routes are left out.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  [key: string]: unknown;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** With OpenAPI's `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** Multipart uploads (photos, policies): their files are checked by the upload tests. */
  multipart: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

export async function readOperations(baseUrl: string): Promise<Operation[]> {
  const document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as OpenApiDocument;
  return Object.entries(document.paths)
    .filter(([path]) => !path.startsWith("/api/dev/"))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => {
          const content = operation.requestBody?.content ?? {};
          return {
            method: method.toUpperCase(),
            path,
            parameters: (operation.parameters ?? []).filter((p) => p.in === "path" || p.in === "query"),
            body: content["application/json"]?.schema,
            multipart: "multipart/form-data" in content,
          };
        }),
    );
}

/** The first non-null type a schema allows. */
export function typeOf(schema: JsonSchema): string | undefined {
  if (schema.anyOf ?? schema.oneOf) return typeOf((schema.anyOf ?? schema.oneOf)!.find((s) => typeOf(s) !== "null") ?? {});
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type) return type;
  if (schema.properties) return "object";
  return undefined;
}

/** A plausible value for a schema: its default, first choice, or a word that fits its length. */
export function exampleOf(schema: JsonSchema, name = "value"): unknown {
  // An empty default is no example: tools skip empty values (sqlmap does).
  if (schema.default !== undefined && schema.default !== "") return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  switch (typeOf(schema)) {
    case "integer":
    case "number":
      // 1 when allowed (sqlmap does not see negative numbers in JSON as parameters), else the nearest bound.
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case "boolean":
      return true;
    case "array":
      return [exampleOf(schema.items ?? {}, name)];
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, exampleOf(property, key)]));
    default:
      if (schema.format === "email") return "someone@example.test";
      if (schema.format === "uri") return `https://push.example.test/send/${name}`;
      if (schema.format === "date-time") return "2026-11-20T12:00:00.000Z";
      if (schema.pattern === "^\\d{4}-\\d{2}-\\d{2}$") return "2026-11-20";
      return `${name}${"x".repeat(Math.max(0, (schema.minLength ?? 0) - name.length))}`.slice(0, schema.maxLength ?? 200);
  }
}

/** The path with its parameters filled: the organisation in question, and examples for the rest. */
export function fillPath(operation: Operation, organizationId: string, values: Record<string, unknown> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const given = values[name];
    if (given !== undefined) return encodeURIComponent(String(given));
    if (name === "organizationId") return organizationId;
    const parameter = operation.parameters.find((p) => p.in === "path" && p.name === name);
    return encodeURIComponent(String(exampleOf(parameter?.schema ?? {}, name)));
  });
}

export function exampleQuery(operation: Operation): Record<string, unknown> {
  return Object.fromEntries(
    operation.parameters.filter((p) => p.in === "query").map((p) => [p.name, exampleOf(p.schema, p.name)] as const),
  );
}

export function queryString(values: Record<string, unknown>): string {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return "";
  const search = new URLSearchParams();
  for (const [key, value] of entries) search.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  return `?${search.toString()}`;
}

/**
 * Calls that would end the caller's own session or account, in the order
 * that keeps a session to the last: tried last (the authorisation matrix),
 * or as a visitor only (the security tools).
 */
export const SESSION_ENDING: readonly string[] = [
  "POST /api/auth/delete-account",
  "POST /api/auth/sign-out-everywhere",
  "POST /api/auth/sign-out",
];
