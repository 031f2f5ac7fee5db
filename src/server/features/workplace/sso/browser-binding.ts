import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/*
 * A sign-in with an employer's provider belongs to the browser that started
 * it (issue 58 §2). /api/sso/<organisation>/start sets a random value in an
 * HttpOnly, SameSite=Lax cookie (`__Host-` on https: no subdomain can set or
 * scope it) and keeps only its hash with the sign-in's state, nonce and PKCE
 * verifier. The provider's answer and the first-sign-in page are honoured
 * only with that cookie: a callback URL someone started and sent to another
 * person signs nobody in on the other person's browser (login CSRF).
 */

const hashOf = (value: string) => createHash("sha256").update(value).digest("hex");
const cookieName = (appUrl: string) => (appUrl.startsWith("https:") ? "__Host-kindly-sso" : "kindly-sso");

/** A new binding for this browser: the cookie is set on the reply; the hash is kept with the sign-in. */
export function bindBrowser(reply: FastifyReply, appUrl: string, lifetimeSeconds: number): string {
  const value = randomBytes(32).toString("base64url");
  const secure = appUrl.startsWith("https:") ? "; Secure" : "";
  reply.header("set-cookie", `${cookieName(appUrl)}=${value}; Path=/; Max-Age=${lifetimeSeconds}; HttpOnly; SameSite=Lax${secure}`);
  return hashOf(value);
}

/** Whether this request comes from the browser whose binding hash is `expectedHash`. */
export function isBoundBrowser(request: FastifyRequest, appUrl: string, expectedHash: string): boolean {
  const name = cookieName(appUrl);
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, value] = part.trim().split("=", 2);
    if (key !== name || !value) continue;
    const actual = Buffer.from(hashOf(value));
    const expected = Buffer.from(expectedHash);
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) return true;
  }
  return false;
}

/** The binding's cookie removed once the sign-in is finished. */
export function releaseBrowser(reply: FastifyReply, appUrl: string): void {
  const secure = appUrl.startsWith("https:") ? "; Secure" : "";
  const existing = reply.getHeader("set-cookie");
  reply.header("set-cookie", [
    ...[existing ?? []].flat().map(String),
    `${cookieName(appUrl)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
  ]);
}
