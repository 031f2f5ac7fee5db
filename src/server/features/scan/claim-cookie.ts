import type { FastifyReply, FastifyRequest } from "fastify";
import type { LinkSigner } from "../../platform/storage/signed-links.js";

/*
 * The browser that kept a scan while signed out holds its claim (issue 46
 * §3): with the pending scan, the server sets this cookie, HttpOnly (no
 * script reads it) and sealed with the server's secret. An email that
 * carries a claim onward (a confirmation, a password reset) carries one only
 * when the request asking for it comes with this cookie for the same claim:
 * a token typed into a request body alone, perhaps someone else's scan
 * pushed onto another person's reset link, is never carried.
 */

export const CLAIM_COOKIE = "kindly.claim";

/** What the cookie seals: the claim and what it is for, so no other seal of the server's passes as one. */
const sealed = (token: string) => `pending scan claim\n${token}`;

/** Sets the claim cookie for a pending scan, until the scan expires. */
export function holdClaim(reply: FastifyReply, signer: LinkSigner, appUrl: string, token: string, expiresAt: Date, now = new Date()): void {
  const seconds = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  const secure = appUrl.startsWith("https:") ? "; Secure" : "";
  reply.header(
    "set-cookie",
    `${CLAIM_COOKIE}=${token}.${signer.seal(sealed(token))}; Path=/api; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** The claim this browser holds, when its cookie is one this server sealed. */
export function heldClaim(request: FastifyRequest, signer: LinkSigner): string | null {
  const header = request.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name !== CLAIM_COOKIE || !value) continue;
    const [token, seal] = value.split(".", 2);
    if (token && seal && signer.matchesSeal(sealed(token), seal)) return token;
  }
  return null;
}

/** `claim` when this browser holds it (its cookie), otherwise nothing: what an email may carry onward. */
export function claimCarriedBy(request: FastifyRequest, signer: LinkSigner, claim: string | undefined): string | undefined {
  return claim && heldClaim(request, signer) === claim ? claim : undefined;
}

/*
 * Holding the claim is not enough to put it in someone's mail (issue 58 §7):
 * a browser that scanned a card could otherwise ask a reset for another
 * person's address and ride its scan on their mail. A claim rides mail to an
 * address only from the browser that holds it and that is that address's
 * owner: signed in as it, or the browser that just created its account (this
 * cookie, set by the sign-up, until the confirmation link expires).
 */
export const CREATING_COOKIE = "kindly.creating";
const creatingSeal = (email: string) => `account being created\n${email.toLowerCase()}`;

export function markCreating(reply: FastifyReply, signer: LinkSigner, appUrl: string, email: string, seconds: number): void {
  const secure = appUrl.startsWith("https:") ? "; Secure" : "";
  const existing = reply.getHeader("set-cookie");
  const value = `${Buffer.from(email.toLowerCase()).toString("base64url")}.${signer.seal(creatingSeal(email))}`;
  reply.header("set-cookie", [
    ...[existing ?? []].flat().map(String),
    `${CREATING_COOKIE}=${value}; Path=/api/auth; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`,
  ]);
}

function isCreating(request: FastifyRequest, signer: LinkSigner, email: string): boolean {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name !== CREATING_COOKIE || !value) continue;
    const [encoded, seal] = value.split(".", 2);
    const marked = encoded ? Buffer.from(encoded, "base64url").toString() : "";
    if (seal && marked === email.toLowerCase() && signer.matchesSeal(creatingSeal(marked), seal)) return true;
  }
  return false;
}

/** `claim` when this browser holds it and is `email`'s owner (signed in as it, or creating its account); otherwise nothing. */
export function claimCarriedTo(
  request: FastifyRequest,
  signer: LinkSigner,
  claim: string | undefined,
  email: string,
  signedInEmail: string | null,
): string | undefined {
  const owner = signedInEmail?.toLowerCase() === email.toLowerCase() || isCreating(request, signer, email);
  return owner ? claimCarriedBy(request, signer, claim) : undefined;
}
