import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import type { AppDeps } from "../../http/deps.js";

/** Comment lines keep proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** EventSource waits this long before reconnecting by itself. */
const RETRY_MS = 3_000;

/** GET /api/events: one Server-Sent Events stream of new acts, for everyone. */
export const liveRoutes =
  ({ live }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<FastifyReply>();
    // Streams never end on their own; close them so the server can stop.
    app.addHook("preClose", async () => {
      for (const reply of open) reply.raw.end();
    });

    // A stream, not JSON: written to the socket by hand, so no serialiser runs;
    // the schema documents it (each event's data is a LiveEvent without its type).
    const stream = { produces: ["text/event-stream"], response: { 200: z.string() } };
    app.get("/events", { config: { access: "anyone" }, schema: stream }, (request, reply) => {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      open.add(reply);
      const unsubscribe = live.subscribe(({ type, ...data }) => raw.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`));
      const heartbeat = setInterval(() => raw.write(": keep-alive\n\n"), HEARTBEAT_MS);
      request.raw.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(reply);
      });
    });
  };
