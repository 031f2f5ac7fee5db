import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { AppDeps } from "../../http/deps.js";

export const DEFAULT_OFFICIAL_EMAIL = "official@kindly.localhost";

/**
 * Makes `email` the one official account (DESIGN.md 4.1), creating it with a
 * generated password when it does not exist. Returns that password only when
 * the account was created, so it can be shown once.
 */
export async function ensureOfficialAccount(deps: Pick<AppDeps, "db" | "auth">, email: string): Promise<{ created: boolean; password?: string }> {
  const { db, auth } = deps;
  const normalized = email.toLowerCase();
  let created = false;
  let password: string | undefined;
  const existing = await db.selectFrom("users").select("id").where("email", "=", normalized).executeTakeFirst();
  let userId: string | undefined = existing?.id;
  if (!userId) {
    try {
      password = randomBytes(12).toString("base64url");
      userId = await createVerifiedAccount(auth, normalized, password);
      created = true;
    } catch (error) {
      // Another process starting at the same moment created it first: use that one.
      const raced = await db.selectFrom("users").select("id").where("email", "=", normalized).executeTakeFirst();
      if (!raced) throw error;
      userId = raced.id;
      password = undefined;
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ is_official: sql<boolean>`id = ${userId}` }).where((eb) => eb.or([eb("is_official", "=", true), eb("id", "=", userId!)])).execute();
    await trx.insertInto("user_roles").values({ user_id: userId!, role: "admin" }).onConflict((c) => c.doNothing()).execute();
  });
  return { created, password };
}

async function createVerifiedAccount(auth: AppDeps["auth"], email: string, password: string): Promise<string> {
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
export async function officialEmailToEnsure(deps: Pick<AppDeps, "db">, configured: string | undefined): Promise<string | null> {
  if (configured) return configured;
  const current = await deps.db.selectFrom("users").select("id").where("is_official", "=", true).executeTakeFirst();
  return current ? null : DEFAULT_OFFICIAL_EMAIL;
}
