import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";

/**
 * Whether a confirmation link was issued before the account now on its
 * address was created: the account it was for has been replaced by a later
 * sign-up (auth-routes.ts), and the link must not confirm the newcomer's
 * credentials. better-auth's token is a signed JWT holding the address and
 * when it was issued; better-auth checks the signature, this only reads.
 */
export async function confirmationPredatesAccount(db: Kysely<DB>, token: string): Promise<boolean> {
  const claims = readClaims(token);
  if (!claims) return false;
  const user = await db
    .selectFrom(people.from(db).as("person"))
    .select("created_at")
    .where("email", "=", claims.email.toLowerCase())
    .executeTakeFirst();
  // `iat` counts whole seconds: a link from the account's own second is its own.
  return !!user && Math.floor(new Date(user.created_at).getTime() / 1000) > claims.iat;
}

/** The address a confirmation link is for (read only: better-auth checks the signature). */
export function confirmationEmail(token: string): string | null {
  return readClaims(token)?.email.toLowerCase() ?? null;
}

function readClaims(token: string): { email: string; iat: number } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { email?: unknown; iat?: unknown };
    return typeof payload.email === "string" && typeof payload.iat === "number" ? { email: payload.email, iat: payload.iat } : null;
  } catch {
    return null;
  }
}
