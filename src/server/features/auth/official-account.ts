import { randomBytes } from "node:crypto";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import * as users from "../users/index.js";
import { recordConsents } from "../users/index.js";

export const DEFAULT_OFFICIAL_EMAIL = "official@kindly.localhost";

/**
 * Makes `email` the one official account (docs/design.md §4.1), creating it with a
 * generated password when it does not exist. Returns that password only when
 * the account was created, so it can be shown once.
 */
export async function ensureOfficialAccount(
  deps: Pick<HttpDeps, "db"> & Pick<SessionDeps, "auth">,
  email: string,
): Promise<{ created: boolean; password?: string }> {
  const { db, auth } = deps;
  const normalized = email.toLowerCase();
  let created = false;
  let password: string | undefined;
  let userId = (await users.findUserByEmail(db, normalized))?.id;
  if (!userId) {
    try {
      password = randomBytes(12).toString("base64url");
      userId = await createVerifiedAccount(auth, normalized, password);
      // Whoever deploys Kindly sets its terms and privacy policy: the account they run accepts them.
      await recordConsents(db, userId);
      created = true;
    } catch (error) {
      // Another process starting at the same moment created it first: use that one.
      const raced = await users.findUserByEmail(db, normalized);
      if (!raced) throw error;
      userId = raced.id;
      password = undefined;
    }
  }
  await db.transaction().execute((trx) => users.makeOfficial(trx, userId!));
  return { created, password };
}

async function createVerifiedAccount(auth: SessionDeps["auth"], email: string, password: string): Promise<string> {
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser(
    { name: `Kindly${randomBytes(3).toString("hex")}`, email, emailVerified: true },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(password),
  });
  return user.id;
}

/** With no OFFICIAL_ACCOUNT_EMAIL, keep whichever account is official, or create the default one. */
export async function officialEmailToEnsure(deps: Pick<HttpDeps, "db">, configured: string | undefined): Promise<string | null> {
  if (configured) return configured;
  return (await users.findOfficialUserId(deps.db)) ? null : DEFAULT_OFFICIAL_EMAIL;
}
