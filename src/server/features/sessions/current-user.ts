import type { FastifyRequest } from "fastify";
import type { SessionReader } from "./session-reader.js";

/**
 * Who is signed in, on a route open to anyone (null for a visitor). Routes
 * for signed-in people only declare `access: "signed-in"` and read
 * `request.userId` instead (http/access.ts).
 */
export function sessionUserId(sessions: SessionReader, request: FastifyRequest): Promise<string | null> {
  return sessions.userIdOf(request);
}
