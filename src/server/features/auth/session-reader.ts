import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { Auth } from "./auth.js";

/**
 * Who is signed in, in one indexed query. The session cookie is the one
 * better-auth sets (`token.signature`, HMAC-SHA256 with the auth secret); the
 * session row is the one it keeps. Reading it directly costs one round trip
 * where `auth.api.getSession` costs several and most of a request's CPU, and
 * it stays exact: sign-out and "end other sessions" delete the row, so the
 * next request is refused. Refreshing a session's expiry stays better-auth's
 * job, on GET /api/auth/session, which every page load calls.
 */
export interface SessionReader {
  userIdOf(request: FastifyRequest): Promise<string | null>;
}

export async function createSessionReader(auth: Auth, db: Kysely<DB>): Promise<SessionReader> {
  const context = await auth.$context;
  const secret = context.secret;
  const cookieName = context.authCookies.sessionToken.name;

  const signedToken = (request: FastifyRequest): string | null => {
    const header = request.headers.cookie;
    if (!header) return null;
    for (const part of header.split(";")) {
      const index = part.indexOf("=");
      if (index < 0 || part.slice(0, index).trim() !== cookieName) continue;
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    return null;
  };

  const verified = (signed: string): string | null => {
    const dot = signed.lastIndexOf(".");
    if (dot < 1) return null;
    const token = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  };

  return {
    async userIdOf(request) {
      const signed = signedToken(request);
      const token = signed ? verified(signed) : null;
      if (!token) return null;
      const row = await db
        .selectFrom("sessions")
        .select("user_id")
        .where("token", "=", token)
        .where("expires_at", ">", new Date())
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
  };
}
