import { request as httpRequest } from "node:http";
import { checkAnswer } from "./api-contract.js";

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/*
 * One HTTP exchange over node:http. The API tests make tens of thousands of
 * requests: undici's fetch took 7 % of a test worker's CPU (issue 59), and this
 * does what they need of it (a JSON or text body, the headers, the status).
 * Uploads and downloads keep fetch, for its FormData and its bytes.
 */
function exchange(url: URL, method: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method, headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const answerHeaders = new Headers();
          for (let i = 0; i < incoming.rawHeaders.length; i += 2)
            answerHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
          resolve({ status: incoming.statusCode ?? 0, headers: answerHeaders, text: Buffer.concat(chunks).toString("utf8") });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A tiny HTTP client that keeps cookies, like a browser tab; every answer is checked against the API's document. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** Whether a redirect is followed, as a browser does, or answered as it is (to read where it leads). */
  followRedirects = true;

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    let url = new URL(`${this.baseUrl}${path}`);
    let sentMethod = method;
    let sent = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    let response: Answer;
    for (let hops = 0; ; hops++) {
      // Cookies given at construction (a session made in the database) plus those the server set since.
      const cookie = this.cookieHeader();
      response = await exchange(
        url,
        sentMethod,
        {
          ...this.headers,
          ...(sent !== undefined ? { "content-type": "application/json" } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        sent,
      );
      this.keepCookies(response.headers.getSetCookie());
      const location = response.headers.get("location");
      if (!this.followRedirects || !REDIRECTS.has(response.status) || !location) break;
      if (hops === 20) throw new Error(`more than 20 redirects from ${method} ${path}`);
      // As a browser follows a redirect: a 303, or a POST's 301/302, becomes a GET without its body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && sentMethod === "POST")) {
        sentMethod = "GET";
        sent = undefined;
      }
      url = new URL(location, url);
    }
    const text = response.text;
    const json: any = (() => {
      try {
        return text ? JSON.parse(text) : null;
      } catch {
        return null;
      }
    })();
    await checkAnswer(
      this.baseUrl,
      { method, path },
      { status: response.status, contentType: contentTypeOf(response), body: text ? json : null },
    );
    return { status: response.status, headers: response.headers, body: json, text, setCookie: response.headers.getSetCookie() };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, undefined, headers);
  }

  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request("POST", path, body, headers);
  }

  put(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request("PUT", path, body, headers);
  }

  private keepCookies(lines: string[]) {
    for (const line of lines) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A multipart form, as a browser's form with a file input sends it. */
  async upload(path: string, form: FormData, method: "POST" | "PUT" = "POST") {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...this.headers, cookie: this.cookieHeader() },
      body: form,
    });
    const text = await response.text();
    const body: any = (() => {
      try {
        return text ? JSON.parse(text) : null;
      } catch {
        return null;
      }
    })();
    await checkAnswer(
      this.baseUrl,
      { method, path },
      { status: response.status, contentType: contentTypeOf(response), body: text ? body : null },
    );
    return { status: response.status, headers: response.headers, body, text };
  }

  /** A download: the status, headers and raw bytes (an image, a PDF). */
  async bytes(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, { headers: { ...this.headers, cookie: this.cookieHeader(), ...headers } });
    const body = Buffer.from(await response.arrayBuffer());
    const type = contentTypeOf(response);
    const json = type.includes("json") ? (JSON.parse(body.toString("utf8")) as unknown) : body.length > 0 ? body : null;
    await checkAnswer(this.baseUrl, { method: "GET", path }, { status: response.status, contentType: type, body: json });
    return { status: response.status, headers: response.headers, body };
  }

  patch(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request("PATCH", path, body, headers);
  }

  delete(path: string) {
    return this.request("DELETE", path);
  }

  /** The Cookie header this client sends now (to replay its session elsewhere). */
  cookieHeader(): string {
    return [this.headers.cookie, ...[...this.cookies].map(([k, v]) => `${k}=${v}`)].filter(Boolean).join("; ");
  }

  /** A fresh tab: same server, no cookies; `headers` (a user agent, say) make it another device. */
  fresh(headers: Record<string, string> = {}): TestClient {
    return new TestClient(this.baseUrl, { ...this.headers, ...headers });
  }
}

const contentTypeOf = (response: { headers: Headers }) => response.headers.get("content-type") ?? "";
