import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../test/factories.js";
import { useTestServer, type TestServer } from "../test/test-server.js";

/** Sends a request's headers, then its body one byte at a time until the server hangs up; what it answered. */
function trickleBody(server: TestServer): Promise<string> {
  return rawExchange(
    server,
    "POST /api/auth/sign-in HTTP/1.1\r\nHost: kindly.test\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{",
    true,
  );
}

/** Writes `request` on a raw connection (then a space every 200 ms when `trickle`); the whole answer once the server closes. */
function rawExchange(server: TestServer, request: string, trickle = false): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      socket.write(request);
      if (trickle) timer = setInterval(() => socket.write(" "), 200);
    });
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("error", (error) => (answer ? undefined : reject(error)));
    socket.on("close", () => {
      clearInterval(timer);
      resolve(answer);
    });
  });
}

/** The JSON body of a raw HTTP answer. */
const bodyOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));

/** Opens /api/events; the status, and a way to close it. */
async function openStream(server: TestServer, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(`${server.url}/api/events`, { headers, signal: abort.signal });
  const body = response.status === 200 ? null : await response.json();
  return {
    status: response.status,
    body,
    close: () => abort.abort(),
  };
}

describe("resource limits", () => {
  const suite = useTestServer("postgres", {
    env: {
      REQUEST_TIMEOUT_SECONDS: "2",
      TRUST_PROXY: "1",
      RATE_LIMIT_SCALE: "1",
      LIVE_STREAMS_MAX: "6",
      LIVE_STREAMS_PER_ADDRESS: "4",
      LIVE_STREAMS_PER_USER: "2",
    },
  });

  it("closes a connection whose body trickles in slower than the request timeout allows", async () => {
    const answer = await trickleBody(suite.server);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyOf(answer)).toEqual({ error: { code: "request_timeout", message: expect.any(String) } });
    // The server still serves everyone else.
    expect((await fetch(`${suite.server.url}/api/health`)).status).toBe(200);
  });

  it("answers headers too long to read with 431 in Kindly's error shape, and goes on serving", async () => {
    const answer = await rawExchange(
      suite.server,
      `GET /api/health HTTP/1.1\r\nHost: kindly.test\r\nX-Long: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(bodyOf(answer)).toEqual({
      error: { code: "headers_too_large", message: "The address or headers of this request are too long." },
    });
    expect((await fetch(`${suite.server.url}/api/health`)).status).toBe(200);
  });

  it("counts rate limits by the address the trusted proxy saw, whatever a client forwarded before it", async () => {
    const from = (spoofed: string, seen: string) => ({ "x-forwarded-for": `${spoofed}, ${seen}` });
    const ask = (headers: Record<string, string>, i: number) =>
      fetch(`${suite.server.url}/api/auth/forgot-email`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ username: `nobody${i}` }),
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(from(`10.0.${i}.1`, "203.0.113.9"), i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await ask(from("10.0.0.1", "203.0.113.10"), 7)).status).toBe(200);
  });

  it("caps event streams per account, per address and in all, and frees a slot when a stream closes", async () => {
    const member = await signedInUser(suite.server);
    const cookie = { cookie: member.client.cookieHeader() };
    const opened = [];
    for (let i = 0; i < 2; i++) opened.push(await openStream(suite.server, cookie));
    const thirdTab = await openStream(suite.server, cookie);
    expect(thirdTab.status).toBe(429);
    expect(thirdTab.body.error).toMatchObject({ code: "rate_limited", retryAfterSeconds: 30 });

    // Two more from the same address reach its cap of four.
    for (let i = 0; i < 2; i++) opened.push(await openStream(suite.server));
    expect((await openStream(suite.server)).status).toBe(429);

    // Other addresses (through the trusted proxy) until the process holds six in all.
    for (const address of ["198.51.100.1", "198.51.100.2"]) {
      const stream = await openStream(suite.server, { "x-forwarded-for": address });
      expect(stream.status).toBe(200);
      opened.push(stream);
    }
    expect((await openStream(suite.server, { "x-forwarded-for": "198.51.100.3" })).status).toBe(429);

    // A closed stream gives its slot back.
    opened.shift()!.close();
    let again = await openStream(suite.server, { "x-forwarded-for": "198.51.100.3" });
    for (let attempt = 0; again.status !== 200 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await openStream(suite.server, { "x-forwarded-for": "198.51.100.3" });
    }
    expect(again.status).toBe(200);
    opened.push(again);
    for (const stream of opened) stream.close();
  });
});
