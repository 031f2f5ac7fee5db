import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError } from "../../http/app-error.js";
import type { SessionReader } from "./session-reader.js";

declare module "fastify" {
  interface FastifyRequest {
    userId: string | null;
  }
}

/** The signed-in user's id from the session cookie, or null. */
export function sessionUserId(sessions: SessionReader, request: FastifyRequest): Promise<string | null> {
  return sessions.userIdOf(request);
}

/** preHandler for routes that need a signed-in user; sets `request.userId`. */
export function requireUser(sessions: SessionReader): preHandlerAsyncHookHandler {
  return async (request) => {
    const userId = await sessions.userIdOf(request);
    if (!userId) throw new AppError("not_authenticated");
    request.userId = userId;
  };
}
