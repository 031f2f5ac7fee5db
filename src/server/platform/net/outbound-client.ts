import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { ipLiteral, refusedRange, type AllowedRanges } from "./address-ranges.js";
import type { NameResolver } from "./name-resolver.js";

/*
 * The one road out for requests to addresses someone else chose (issue 58
 * §4): a push endpoint a browser handed over, an employer's identity
 * provider (discovery, keys, tokens), any webhook to come. The name is
 * resolved once, every address it resolves to is checked (address-ranges.ts),
 * and the connection goes to the address that was checked: the socket never
 * looks the name up again, so a name that answers a public address to the
 * check and 127.0.0.1 to the connection (DNS rebinding) gets nowhere.
 * Redirects are not followed, every exchange has a deadline, and an answer
 * larger than its cap is cut off.
 */

/** The address may not be reached: not retried, and said to the person who gave it. */
export class OutboundRefused extends Error {
  constructor(readonly reason: string) {
    super(`refused: ${reason}`);
  }
}
/** The peer could not be reached, was too slow or answered too much: it may work later. */
export class OutboundFailed extends Error {}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string | null;
  /** The whole exchange, connection to last byte. */
  timeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface OutboundClient {
  /** The URL's host resolved and checked: the address Kindly would connect to, or OutboundRefused. */
  check(url: URL): Promise<string>;
  request(url: URL | string, init?: OutboundRequest): Promise<OutboundResponse>;
  /** The same road as a fetch (what openid-client's customFetch expects). */
  fetch(input: URL | string, init?: RequestInit): Promise<Response>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function createOutboundClient(options: { resolver: NameResolver; allowed: AllowedRanges }): OutboundClient {
  async function check(url: URL): Promise<string> {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundRefused("scheme");
    if (url.username || url.password) throw new OutboundRefused("credentials");
    const literal = ipLiteral(url.hostname);
    const addresses = literal ? [literal] : await resolve(url.hostname);
    if (addresses.length === 0) throw new OutboundRefused("unresolved");
    // Every address, not only the first: a name may answer several, and the socket could pick any.
    for (const address of addresses) {
      const range = refusedRange(address, options.allowed);
      if (range) throw new OutboundRefused(range);
    }
    return addresses[0]!;
  }

  async function resolve(hostname: string): Promise<string[]> {
    try {
      return await options.resolver.addresses(hostname);
    } catch (error) {
      throw new OutboundFailed(`could not resolve ${hostname}: ${(error as Error).message}`);
    }
  }

  async function request(target: URL | string, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const url = new URL(target);
    const address = await check(url);
    return exchange(url, address, init);
  }

  return {
    check,
    request,
    async fetch(input, init = {}) {
      const body = init.body == null ? null : typeof init.body === "string" ? init.body : String(init.body);
      const answer = await request(input, {
        method: init.method ?? "GET",
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body,
        ...(init.signal ? { signal: init.signal } : {}),
      });
      return new Response(NO_BODY_STATUSES.has(answer.status) ? null : new Uint8Array(answer.body), {
        status: answer.status,
        headers: answer.headers,
      });
    },
  };
}

function exchange(url: URL, address: string, init: OutboundRequest): Promise<OutboundResponse> {
  const family = address.includes(":") ? 6 : 4;
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  // The socket's only lookup answers the checked address.
  const lookup = ((_name: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (lookupOptions.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
  const body = init.body == null ? null : typeof init.body === "string" ? Buffer.from(init.body) : Buffer.from(init.body);
  const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const outgoing = (url.protocol === "https:" ? https : http).request({
      host: hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: init.method ?? "GET",
      headers: { ...init.headers, ...(body ? { "content-length": String(body.length) } : {}) },
      agent: false,
      lookup,
      ...(ipLiteral(hostname) ? {} : { servername: hostname }),
    });
    const fail = (error: Error) => outgoing.destroy(error);
    const deadline = setTimeout(() => fail(new OutboundFailed("timed out")), init.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const onAbort = () => fail(new OutboundFailed("aborted"));
    init.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => {
      clearTimeout(deadline);
      init.signal?.removeEventListener("abort", onAbort);
    };
    outgoing.on("error", (error) => {
      done();
      reject(error instanceof OutboundFailed ? error : new OutboundFailed(error.message));
    });
    outgoing.on("response", (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(new OutboundFailed(`answer over ${maxBytes} bytes`));
        else chunks.push(chunk);
      });
      incoming.on("error", (error) => outgoing.destroy(error));
      incoming.on("end", () => {
        done();
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
        }
        resolve({ status: incoming.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    outgoing.end(body ?? undefined);
  });
}
