import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { AppError } from "../kernel/app-error.js";
import { sendAppError } from "./error-handler.js";

/** What a client is told to wait before trying again: long enough for a restart or for its balancer to move it. */
const RETRY_AFTER_SECONDS = 5;

/** How often the drain looks whether connections are still open. */
const DRAIN_CHECK_MS = 50;

/**
 * A stopping server (SIGTERM, a rolling restart) finishes the requests it is
 * answering, but a request arriving meanwhile on a connection still open
 * (keep-alive) is refused with Kindly's own 503, in the person's language,
 * with Retry-After and `Connection: close`, so the client goes to another
 * process or comes back once this one is up again.
 *
 * For up to `drainMs` (DRAIN_SECONDS) the server keeps its connections open
 * and answers so, before Fastify closes the idle ones: closed at once, a
 * connection a client had just sent a request on was reset instead, which a
 * client cannot tell from a lost network (issue 63 §6). It ends sooner once
 * every connection has closed.
 */
export function registerDrain(app: FastifyInstance, drainMs: number): void {
  let draining = false;
  const open = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  app.addHook("preClose", async () => {
    draining = true;
    const until = Date.now() + drainMs;
    while (open.size > 0 && Date.now() < until) await sleep(DRAIN_CHECK_MS);
  });
  // A callback hook, not an async one: every request passes here, and a promise per request is CPU the scan's floor does not pay.
  app.addHook("onRequest", (request, reply, done) => {
    if (!draining) return done();
    reply.header("connection", "close");
    sendAppError(request, reply, new AppError("service_unavailable", { retryAfterSeconds: RETRY_AFTER_SECONDS }));
  });
}
