import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { SessionLookup } from "../../kernel/session-lookup.js";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../platform/db/client.js";
import type { DB } from "../../platform/db/schema.js";
import { findLiveSessions } from "./sessions-repository.js";
import { groupedReads } from "../../platform/db/grouped-reads.js";
import type { Auth } from "./auth.js";

/**
 * Who is signed in. The session cookie is the one better-auth sets
 * (`token.signature`, HMAC-SHA256 with the auth secret); the session row is
 * the one it keeps. Reading it directly costs one indexed query where
 * `auth.api.getSession` costs several and most of a request's CPU; refreshing
 * a session's expiry stays better-auth's job, on GET /api/auth/session, which
 * every page load calls.
 *
 * A checked session is then remembered for up to CACHE_MS, and forgotten at
 * once when it ends: the database announces every change to a user's sessions
 * (migration 0005) to every process, this process forgets everything after its
 * own account changes, and everything after the announcements' connection
 * drops (what was announced meanwhile is lost). So sign-out and "end other
 * sessions" still hold from the next request on.
 */
/** What routes that need to know who is signed in receive (bootstrap.ts composes it into AppDeps). */
export interface SessionDeps {
  auth: Auth;
  /** Who is signed in, in one query (this file). */
  sessions: SessionReader;
}

export interface SessionReader extends SessionLookup {
  /** The session token the request's cookie carries, when its signature holds (which session is "this device"). */
  tokenOf(request: FastifyRequest): string | null;
  /** Forget every remembered session (after an account change made here). */
  forgetAll(): void;
  close(): Promise<void>;
}

const CACHE_MS = 30_000;
const CACHE_ENTRIES = 50_000;

export async function createSessionReader(auth: Auth, db: Kysely<DB>, database: Pick<Database, "listen">): Promise<SessionReader> {
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

  const remembered = new Map<string, { userId: string; until: number }>();
  const forgetUser = (userId: string) => {
    for (const [token, entry] of remembered) if (entry.userId === userId) remembered.delete(token);
  };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const stop = await database.listen(forgetUser, {
    channel: `kindly_sessions_${rows[0]!.schema}`,
    onConnected: () => remembered.clear(),
  });

  // People not remembered yet who arrive together (a campaign's first scans) are looked up by one statement.
  const liveSession = groupedReads((tokens: string[]) => findLiveSessions(db, tokens, new Date()));

  const tokenOf = (request: FastifyRequest): string | null => {
    const signed = signedToken(request);
    return signed ? verified(signed) : null;
  };

  return {
    tokenOf,
    async userIdOf(request) {
      const signed = signedToken(request);
      if (!signed) return null;
      const now = Date.now();
      // Remembered by the cookie's value as sent, signature included: a value
      // is remembered only once its signature held, so a hit needs no HMAC.
      const hit = remembered.get(signed);
      if (hit && hit.until > now) return hit.userId;
      const token = verified(signed);
      if (!token) return null;
      const row = await liveSession(token);
      if (!row) return null;
      if (remembered.size >= CACHE_ENTRIES) remembered.delete(remembered.keys().next().value!);
      remembered.set(signed, { userId: row.user_id, until: Math.min(now + CACHE_MS, new Date(row.expires_at).getTime()) });
      return row.user_id;
    },
    forgetAll: () => remembered.clear(),
    close: stop,
  };
}
