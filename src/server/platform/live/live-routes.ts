import type { LiveEvents } from "./live-events.js";
import type { Config } from "../../config.js";
import type { SessionLookup } from "../../kernel/session-lookup.js";
import type { Metrics } from "../metrics/metrics.js";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { AppError } from "../../kernel/app-error.js";
import { StreamSlots } from "./stream-slots.js";

/** Comment lines keep proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** EventSource waits this long before reconnecting by itself. */
const RETRY_MS = 3_000;
/** How long a refused stream is asked to wait before trying again. */
const FULL_RETRY_SECONDS = 30;
/**
 * What a stream may have waiting to go out before it is closed: a client that
 * does not read would otherwise make the server buffer every act for it.
 * (Each event is a few hundred bytes; a reading client never gets near this.)
 */
export const MAX_UNSENT_BYTES = 64 * 1024;

/** Writes to a stream unless its reader has fallen too far behind; then ends it (EventSource reconnects). */
export function writeOrDrop(raw: NodeJS.WritableStream & { writableLength: number; destroy(): void }, text: string): boolean {
  if (raw.writableLength > MAX_UNSENT_BYTES) {
    raw.destroy();
    return false;
  }
  raw.write(text);
  return true;
}

/** GET /api/events: one Server-Sent Events stream of new acts, for everyone. */
export const liveRoutes =
  ({
    live,
    config,
    sessions,
    metrics,
  }: {
    live: LiveEvents;
    config: Config;
    sessions: SessionLookup;
    metrics: Metrics;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const open = new Set<FastifyReply>();
    metrics.watch({ liveStreams: () => open.size });
    const slots = new StreamSlots({
      total: config.LIVE_STREAMS_MAX,
      perKey: (key) => (key.startsWith("user:") ? config.LIVE_STREAMS_PER_USER : config.LIVE_STREAMS_PER_ADDRESS),
    });
    // Streams never end on their own; close them so the server can stop.
    app.addHook("preClose", async () => {
      for (const reply of open) reply.raw.end();
    });

    // A stream, not JSON: written to the socket by hand, so no serialiser runs;
    // the schema documents it (each event's data is a LiveEvent without its type).
    const stream = { produces: ["text/event-stream"], response: { 200: z.string() } };
    app.get("/events", { config: { access: "anyone" }, schema: stream }, async (request, reply) => {
      const userId = await sessions.userIdOf(request);
      const release = slots.take([`address:${request.ip}`, ...(userId ? [`user:${userId}`] : [])]);
      if (!release) throw new AppError("rate_limited", { retryAfterSeconds: FULL_RETRY_SECONDS });
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
      const unsubscribe = live.subscribe((event) => {
        // A personal event goes to its person's streams only, and never says whose it is.
        if (event.type === "personal") {
          if (event.to === userId) writeOrDrop(raw, `event: personal\ndata: ${JSON.stringify({ what: event.what })}\n\n`);
          return;
        }
        const { type, ...data } = event;
        writeOrDrop(raw, `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      });
      const heartbeat = setInterval(() => writeOrDrop(raw, ": keep-alive\n\n"), HEARTBEAT_MS);
      raw.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(reply);
        release();
      });
    });
  };
