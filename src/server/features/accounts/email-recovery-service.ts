import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { EMAIL_RECOVERY_VALIDITY_MINUTES } from "../../../shared/constants.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import type { Auth } from "../sessions/index.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { SendAccountEmail } from "../../platform/mail/email-cooldown.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import * as users from "../users/index.js";
import * as repo from "./email-recovery-repository.js";
import { EMAIL_CHANGE_CALLBACK } from "../sessions/index.js";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * "Forgot email": mails a link, valid 60 minutes, to the address of the
 * account with this username. The caller answers the same whether or not the
 * username exists.
 */
export async function requestEmailRecovery(
  deps: { db: Kysely<DB>; appUrl: string; sendAccountEmail: SendAccountEmail },
  username: string,
): Promise<void> {
  const userId = await users.findUserIdByUsername(deps.db, username);
  const user = userId && (await users.findMailingDetails(deps.db, userId));
  if (!userId || !user) return;
  const token = randomBytes(32).toString("base64url");
  await repo.insertRecoveryToken(deps.db, hashToken(token), userId, EMAIL_RECOVERY_VALIDITY_MINUTES);
  const link = `${deps.appUrl}/recover-email?token=${token}`;
  await deps.sendAccountEmail(
    "recover-email",
    accountEmail(
      "recoverEmail",
      user.language_preference,
      user.email,
      { username: user.username, minutes: String(EMAIL_RECOVERY_VALIDITY_MINUTES) },
      link,
    ),
  );
}

export async function checkRecoveryToken(db: Kysely<DB>, token: string) {
  const row = await repo.findLiveToken(db, hashToken(token));
  if (!row) throw new AppError("recovery_link_invalid");
  return { valid: true as const, email: row.email, username: row.username };
}

/**
 * Confirms the current address (which proves the inbox, so it counts as
 * verified) or moves the account to a new one. A new address must be
 * confirmed before sign-in, and the old one is told of the change.
 */
export async function completeEmailRecovery(
  deps: { db: Kysely<DB>; auth: Auth; sendAccountEmail: SendAccountEmail },
  token: string,
  requestedEmail: string | undefined,
) {
  const tokenHash = hashToken(token);
  const outcome = await deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await repo.findLiveToken(trx, tokenHash, true);
      if (!row) throw new AppError("recovery_link_invalid");
      const newEmail = requestedEmail?.toLowerCase();
      const changed = Boolean(newEmail && newEmail !== row.email);
      if (changed && (await users.emailBelongsToOther(trx, newEmail!, row.user_id))) {
        throw new AppError("email_taken", { field: "email" });
      }
      await users.setUserEmail(trx, row.user_id, changed ? newEmail! : row.email, !changed);
      await repo.markTokenUsed(trx, tokenHash);
      return {
        changed,
        oldEmail: row.email,
        newEmail: changed ? newEmail! : row.email,
        username: row.username,
        language: row.language_preference,
      };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError("email_taken", { field: "email" });
      throw error;
    });

  if (outcome.changed) {
    await deps.sendAccountEmail(
      "email-changed",
      accountEmail("emailChangedOld", outcome.language, outcome.oldEmail, { username: outcome.username, newEmail: outcome.newEmail }),
    );
    await deps.auth.api.sendVerificationEmail({ body: { email: outcome.newEmail, callbackURL: EMAIL_CHANGE_CALLBACK } });
  }
  return { success: true as const, emailChanged: outcome.changed, oldEmail: outcome.oldEmail, newEmail: outcome.newEmail };
}
