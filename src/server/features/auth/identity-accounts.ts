import type { Kysely } from "kysely";
import type { Language } from "../../../shared/i18n/languages.js";
import type { DB } from "../../platform/db/schema.js";
import type { Auth } from "../sessions/index.js";
import { AppError } from "../../kernel/app-error.js";
import {
  deleteUnprovenAccount,
  findUnprovenAccount,
  findUserByEmail,
  isUsernameFree,
  recordConsents,
  usernameTaken,
} from "../users/index.js";

/**
 * Refuses, before anything is made or mailed, a username in use or an address
 * a confirmed account holds; answers the unconfirmed account that would give
 * way to it, if any.
 */
export async function checkIdentityAccountFree(db: Kysely<DB>, username: string, email: string) {
  const unproven = await findUnprovenAccount(db, email);
  if (!(await isUsernameFree(db, username, unproven))) throw usernameTaken();
  if ((await findUserByEmail(db, email)) && !unproven) throw new AppError("sso_account_exists");
  return unproven;
}

/**
 * A Kindly account made for a person an employer's identity provider vouched
 * for (issue 47 §1), once they chose a username and accepted the terms on
 * Kindly's page: no password (they sign in through the provider), the address
 * confirmed when the provider says it verified it. As at sign-up, an
 * unconfirmed account squatting the address gives way (a "pre-hijack");
 * a confirmed one is never replaced: its owner links it instead.
 */
export async function createAccountForIdentity(
  db: Kysely<DB>,
  auth: Auth,
  input: { username: string; email: string; emailVerified: boolean; language: Language },
): Promise<string> {
  const unproven = await checkIdentityAccountFree(db, input.username, input.email);
  if (unproven) await deleteUnprovenAccount(db, unproven);
  const context = await auth.$context;
  let userId: string;
  try {
    const user = await context.internalAdapter.createUser(
      { name: input.username, email: input.email, emailVerified: input.emailVerified, languagePreference: input.language },
      { method: "admin" },
    );
    userId = user.id;
  } catch (error) {
    // Two tabs creating at once: the unique indexes decide.
    if (!(await isUsernameFree(db, input.username))) throw usernameTaken();
    if (await findUserByEmail(db, input.email)) throw new AppError("sso_account_exists");
    throw error;
  }
  await recordConsents(db, userId);
  return userId;
}
