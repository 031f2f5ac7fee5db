import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/*
 * Every answer the API tests receive is checked against the API's own
 * OpenAPI document (/api/docs/json): its status must be documented for the
 * operation, and its JSON body must match the schema documented for that
 * status. The test client calls `checkAnswer` after each request; each test
 * file's server, on closing, fails the file if any answer did not match. So
 * the whole API suite is the document's contract test: a route whose answer
 * drifts from what a generated client expects fails where it is exercised.
 */

interface MediaType {
  schema?: Record<string, unknown>;
}
interface Answer {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, Answer> }>>;
  components: { responses: Record<string, Answer> };
}
interface Route {
  template: string;
  pattern: RegExp;
  params: number;
  operations: Record<string, { responses: Record<string, Answer> }>;
}

export class Contract {
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv = new Ajv({ strict: false, allErrors: false });

  constructor(private readonly document: OpenApi) {
    addFormats.default(this.ajv);
    this.routes = Object.entries(document.paths).map(([template, operations]) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]*")}$`),
      params: (template.match(/\{/g) ?? []).length,
      operations,
    }));
  }

  /**
   * The operation a request reached, as the router finds it: among the
   * templates that match and take the method, the most specific
   * (`/teams/mine` before `/teams/{id}`; PATCH `/teams/join` is `/teams/{id}`'s).
   */
  private operation(method: string, path: string) {
    const verb = method === "HEAD" ? "get" : method.toLowerCase();
    const route = this.routes
      .filter((candidate) => candidate.pattern.test(path) && candidate.operations[verb])
      .sort((a, b) => a.params - b.params)[0];
    return route && { template: route.template, operation: route.operations[verb]! };
  }

  private resolve(answer: Answer): Answer {
    return answer.$ref ? this.document.components.responses[answer.$ref.split("/").pop()!]! : answer;
  }

  /** What is wrong with this answer, by the document; null when it matches. */
  check(method: string, url: string, status: number, contentType: string, body: unknown): string | null {
    // As the server routes it: percent-escapes decoded (`/api/%61uth/…` is `/api/auth/…`), but not an escaped slash inside a segment.
    const path = safeDecode(url.split("?")[0]!);
    // The development helpers (/api/dev/…) are not part of the API and not in its document.
    if (!path.startsWith("/api/") || path.startsWith("/api/docs") || path.startsWith("/api/dev/")) return null;
    const found = this.operation(method, path);
    // An address the API does not have, or a method it does not take there: 404 and 405 are the answers it documents for those.
    if (!found) return status === 404 || status === 405 ? null : `${method} ${path}: no operation in the document answered ${status}`;
    const { operation, template } = found;
    const documented = operation.responses[String(status)];
    if (!documented) return `${method} ${template}: ${status} is not documented`;
    const answer = this.resolve(documented);
    if (!answer.content || method === "HEAD") {
      return body === null || body === undefined ? null : `${method} ${template}: ${status} is documented without a body`;
    }
    const json = Object.keys(answer.content).find((type) => type.includes("json"));
    if (!json) return contentType.includes("json") ? `${method} ${template}: ${status} answered JSON, documented as a file` : null;
    if (!contentType.includes("json")) return `${method} ${template}: ${status} answered ${contentType || "nothing"}, documented as JSON`;
    const key = `${method} ${template} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(answer.content[json]!.schema ?? {});
      this.validators.set(key, validate);
    }
    if (validate(body)) return null;
    const [first] = validate.errors ?? [];
    return `${key}: the body does not match the document (${first?.instancePath || "/"} ${first?.message ?? ""})`;
  }
}

const contracts = new Map<string, Promise<Contract | null>>();
const violations: string[] = [];

/*
 * The servers startTestServer starts are Kindly with its own routes and no
 * other: one document describes them all. It is asked of the first and kept
 * for the others of this test process, since building it (every route's zod
 * schemas to JSON Schema) and compiling its validators cost about half a
 * second of CPU per server (issue 59). A server with routes of a test's own
 * is asked for its own document.
 */
const kindlyServers = new Set<string>();
let kindlyContract: Promise<Contract | null> | undefined;

/** `baseUrl` serves Kindly's routes and no other: its answers are checked against the document all such servers share. */
export function servesKindlyRoutesOnly(baseUrl: string): void {
  kindlyServers.add(baseUrl);
}

function fetchContract(baseUrl: string): Promise<Contract | null> {
  // A server that is not Kindly (a peer's fake) has no document: nothing to check.
  return fetch(`${baseUrl}/api/docs/json`)
    .then(async (response) => (response.ok ? new Contract((await response.json()) as OpenApi) : null))
    .catch(() => null);
}

/** The document of the Kindly server at `baseUrl` as a contract answers are checked against (null when it has none). */
export function contractOf(baseUrl: string): Promise<Contract | null> {
  if (kindlyServers.has(baseUrl)) {
    // Kept only once a server gave it: a server closed before it answered leaves the next one to ask.
    kindlyContract ??= fetchContract(baseUrl).then((contract) => {
      if (!contract) kindlyContract = undefined;
      return contract;
    });
    return kindlyContract;
  }
  let contract = contracts.get(baseUrl);
  if (!contract) {
    contract = fetchContract(baseUrl);
    contracts.set(baseUrl, contract);
  }
  return contract;
}

/** Checks one answer against the document of the server that gave it; a mismatch is kept for `contractViolations`. */
export async function checkAnswer(
  baseUrl: string,
  request: { method: string; path: string },
  answer: { status: number; contentType: string; body: unknown },
): Promise<void> {
  const problem = (await contractOf(baseUrl))?.check(request.method, request.path, answer.status, answer.contentType, answer.body);
  if (problem && !violations.includes(problem)) violations.push(problem);
}

/** The answers so far that the document does not describe (each once), and forgets them. */
export function takeContractViolations(baseUrl: string): string[] {
  contracts.delete(baseUrl);
  kindlyServers.delete(baseUrl);
  return violations.splice(0);
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
