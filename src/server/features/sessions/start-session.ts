import type { FastifyReply } from "fastify";
import { makeSignature } from "better-auth/crypto";
import type { Auth } from "./auth.js";

/**
 * Opens a session for an account that proved itself another way than a
 * password (an employer's single sign-on, issue 47 §1), with the cookie
 * better-auth would set: the same name, signature and attributes. The
 * session hooks of auth.ts apply (a suspended or deleted account gets none).
 */
export async function startSession(auth: Auth, reply: FastifyReply, userId: string, userAgent: string | undefined): Promise<string> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, { userAgent: userAgent ?? "" });
  const { name, attributes } = context.authCookies.sessionToken;
  const value = encodeURIComponent(`${session.token}.${await makeSignature(session.token, context.secret)}`);
  const parts = [`${name}=${value}`, `Path=${attributes.path ?? "/"}`, `Max-Age=${context.sessionConfig.expiresIn}`];
  if (attributes.httpOnly) parts.push("HttpOnly");
  if (attributes.secure) parts.push("Secure");
  if (attributes.sameSite) parts.push(`SameSite=${String(attributes.sameSite).replace(/^./, (c) => c.toUpperCase())}`);
  const existing = reply.getHeader("set-cookie");
  reply.header("set-cookie", [...[existing ?? []].flat().map(String), parts.join("; ")]);
  return session.token;
}
