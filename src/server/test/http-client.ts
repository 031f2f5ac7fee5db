import { checkAnswer } from "./api-contract.js";

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
    // Cookies given at construction (a session made in the database) plus those the server set since.
    const cookie = this.cookieHeader();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...this.headers,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      redirect: this.followRedirects ? "follow" : "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
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

const contentTypeOf = (response: Response) => response.headers.get("content-type") ?? "";
