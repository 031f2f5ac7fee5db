import { randomBytes, randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { Auth } from "../features/auth/auth.js";

/** What signing a session cookie takes: the auth secret and the cookie's name. */
export interface SessionSigning {
  secret: string;
  cookieName: string;
}

export async function sessionSigningOf(auth: Auth): Promise<SessionSigning> {
  const context = await auth.$context;
  return { secret: context.secret, cookieName: context.authCookies.sessionToken.name };
}

/**
 * Users created straight in the database, each with a live session cookie.
 * Signing up through the API costs a password hash per user; concurrency
 * tests and benchmarks need hundreds of users, and the sign-up path has its
 * own tests.
 */
export async function insertUsersWithSessions(
  db: Kysely<DB>,
  auth: Auth | SessionSigning,
  count: number,
  options: { country?: string } = {},
): Promise<{ id: string; username: string; cookie: string }[]> {
  const { secret, cookieName } = "secret" in auth ? auth : await sessionSigningOf(auth);
  const users = Array.from({ length: count }, () => {
    const tag = randomBytes(5).toString("hex");
    return { id: randomUUID(), username: `fast${tag}`, email: `fast${tag}@example.test`, token: randomBytes(24).toString("base64url") };
  });
  for (let start = 0; start < users.length; start += 500) {
    const batch = users.slice(start, start + 500);
    await db
      .insertInto("users")
      .values(
        batch.map((u) => ({
          id: u.id,
          username: u.username,
          email: u.email,
          email_verified: true,
          country: options.country ?? "CA",
          language_preference: "en" as const,
          onboarding_completed: true,
          is_official: false,
        })),
      )
      .execute();
    await db
      .insertInto("sessions")
      .values(
        batch.map((u) => ({ id: randomUUID(), token: u.token, user_id: u.id, expires_at: new Date(Date.now() + 7 * 86_400_000) })),
      )
      .execute();
  }
  return Promise.all(
    users.map(async (u) => ({
      id: u.id,
      username: u.username,
      cookie: `${cookieName}=${encodeURIComponent(`${u.token}.${await makeSignature(u.token, secret)}`)}`,
    })),
  );
}
