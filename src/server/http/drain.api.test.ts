import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../test/test-server.js";

/**
 * Raw HTTP on one keep-alive socket: `first` is written at once, and
 * `whileOpen` may write more; resolves with everything the server wrote
 * until it closed the connection.
 */
function rawExchange(
  url: string,
  first: string,
  whileOpen: (write: (text: string) => void, received: () => string) => void,
): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = connect(Number(port), hostname, () => {
      socket.write(first);
      whileOpen(
        (text) => socket.write(text),
        () => received,
      );
    });
    socket.on("data", (chunk) => (received += chunk.toString("utf8")));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

describe("a server that is stopping", () => {
  it("finishes the request in flight and answers one arriving meanwhile with Kindly's 503, in its language", async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const server = await startTestServer("postgres", {
      extraRoutes: (app) =>
        app.get("/api/test/slow", { config: { access: "anyone" } }, async () => {
          started();
          await released;
          return { finished: true };
        }),
    });
    let closing: Promise<void> | undefined;
    const host = new URL(server.url).host;
    // A second request on the same keep-alive connection arrives once the server has begun to stop.
    const answer = await rawExchange(server.url, `GET /api/test/slow HTTP/1.1\r\nhost: ${host}\r\n\r\n`, (write) =>
      inFlight.then(async () => {
        closing = server.close();
        await sleep(100);
        write(`GET /api/health/ready HTTP/1.1\r\nhost: ${host}\r\naccept-language: fr-CA\r\n\r\n`);
        await sleep(100);
        release();
      }),
    );
    await closing;
    const [first, second] = answer.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('{"finished":true}');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/retry-after: 5/i);
    expect(second).toMatch(/connection: close/i);
    const body = JSON.parse(second!.slice(second!.indexOf("\r\n\r\n") + 4));
    expect(body).toEqual({ error: { code: "service_unavailable", message: expect.stringContaining("redémarre"), retryAfterSeconds: 5 } });
  });

  it("answers a request on a connection that was idle when the stop began with the same 503, instead of resetting it", async () => {
    const server = await startTestServer("postgres", { env: { DRAIN_SECONDS: "10" } });
    const host = new URL(server.url).host;
    let closing: Promise<void> | undefined;
    const answer = await rawExchange(server.url, `GET /api/health HTTP/1.1\r\nhost: ${host}\r\n\r\n`, (write, received) =>
      (async () => {
        // The connection is idle (its answer received) when the server begins to stop; the next request comes just after.
        await expect.poll(() => received()).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\n\r\n\{.*\}$/);
        closing = server.close();
        await sleep(100);
        write(`GET /api/stats HTTP/1.1\r\nhost: ${host}\r\n\r\n`);
      })(),
    );
    await closing;
    const [first, second] = answer.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/connection: close/i);
    expect(JSON.parse(second!.slice(second!.indexOf("\r\n\r\n") + 4)).error.code).toBe("service_unavailable");
  });
});
