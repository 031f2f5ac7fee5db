import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { RequestLog } from "./request-log.js";

/** A server logging at `level` into an array, with a quick, a failing and a slow route. */
async function server(level: string) {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({
    logController: new RequestLog(50),
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  app.get("/quick", async () => ({ ok: true }));
  app.get("/broken", async (_request, reply) => reply.code(503).send({ error: "unavailable" }));
  app.get("/slow", async () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 80)));
  await app.ready();
  return { app, lines };
}

describe("request lines", () => {
  it("logs a request only when it fails or is slow, never its query string", async () => {
    const { app, lines } = await server("info");
    await app.inject("/quick?token=secret");
    await app.inject("/nowhere");
    expect(lines).toEqual([]);
    await app.inject("/broken");
    await app.inject("/slow?token=secret");
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^failed request GET \/broken 503 \d+ ms$/),
      expect.stringMatching(/^slow request GET \/slow 200 \d+ ms$/),
    ]);
    expect(JSON.stringify(lines)).not.toContain("secret");
    await app.close();
  });

  it("logs every request at debug", async () => {
    const { app, lines } = await server("debug");
    await app.inject("/quick");
    await app.inject("/nowhere");
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^GET \/quick 200 \d+ ms$/),
      "no route for GET /nowhere",
      expect.stringMatching(/^GET \/nowhere 404 \d+ ms$/),
    ]);
    await app.close();
  });
});
