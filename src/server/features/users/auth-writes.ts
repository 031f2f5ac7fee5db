import type { User } from "better-auth";
import { isLanguage, DEFAULT_LANGUAGE } from "../../../shared/i18n/languages.js";

/*
 * better-auth writes the users table itself (a sign-up, a confirmed address,
 * a changed one), configured by the sessions feature. Every one of those
 * writes passes through these hooks, the users feature's door for them
 * (issue 63 §2): better-auth may write an account's sign-in facts, and
 * nothing the users feature keeps for its own verbs — the official account
 * (`makeOfficial`), onboarding, suspensions, mutes and deletions. A write of
 * anything else is refused, whatever path of better-auth's asked for it.
 */

/** The user model's fields (better-auth's names) better-auth may set when it creates an account. */
const CREATED = new Set(["id", "name", "email", "emailVerified", "image", "createdAt", "updatedAt", "country", "languagePreference"]);
/** …and may change afterwards: the address and its proof. */
const UPDATED = new Set(["email", "emailVerified", "image", "updatedAt"]);

/** Fields better-auth fills with their default, false (onboarding not done, not official): not a choice it makes. */
const DEFAULT_FALSE = new Set(["onboardingCompleted", "isOfficial"]);

function refuseOthers(fields: Record<string, unknown>, allowed: ReadonlySet<string>, what: string): void {
  const set = Object.entries(fields).filter(([field, value]) => !allowed.has(field) && !(value === false && DEFAULT_FALSE.has(field)));
  if (set.length > 0)
    throw new Error(`better-auth may not ${what} ${set.map(([field]) => field).join(", ")} of a user (users/auth-writes.ts)`);
}

/** better-auth's `databaseHooks.user`: the users feature's rules on every write better-auth makes to its table. */
export const usersAuthHooks = {
  create: {
    async before(user: User & Record<string, unknown>) {
      refuseOthers(user, CREATED, "set");
      // Addresses are compared lowercased: stored so, whoever writes one.
      const language = isLanguage(user.languagePreference) ? user.languagePreference : DEFAULT_LANGUAGE;
      return { data: { ...user, email: user.email.trim().toLowerCase(), languagePreference: language } };
    },
  },
  update: {
    async before(user: Partial<User> & Record<string, unknown>) {
      refuseOthers(user, UPDATED, "change");
      return typeof user.email === "string" ? { data: { ...user, email: user.email.trim().toLowerCase() } } : undefined;
    },
  },
  delete: {
    // An account leaves through the users feature's own purge (privacy), never through better-auth.
    async before() {
      throw new Error("better-auth may not delete a user (users/auth-writes.ts)");
    },
  },
};
