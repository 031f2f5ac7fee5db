import type { FastifyRequest } from "fastify";

/**
 * Who is asking: the one thing the access rules and the live stream need of
 * sessions. The sessions feature's reader implements it (and more); the
 * layers below features know only this.
 */
export interface SessionLookup {
  userIdOf(request: FastifyRequest): Promise<string | null>;
}
