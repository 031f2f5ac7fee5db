import type { FastifyInstance } from "fastify";
import { AppError } from "../kernel/app-error.js";
import { sendAppError } from "./error-handler.js";

/** What a client is told to wait before trying again: long enough for a restart or for its balancer to move it. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A stopping server (SIGTERM, a rolling restart) finishes the requests it is
 * answering, but a request arriving meanwhile on a connection still open
 * (keep-alive) is refused with Kindly's own 503, in the person's language,
 * with Retry-After and `Connection: close`, so the client goes to another
 * process or comes back once this one is up again.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!draining) return;
    reply.header("connection", "close");
    return sendAppError(request, reply, new AppError("service_unavailable", { retryAfterSeconds: RETRY_AFTER_SECONDS }));
  });
}
