import { EMAILS } from "./emails.js";
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { EMAIL_RECOVERY_VALIDITY_MINUTES } from "../../../shared/constants.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { SendAccountEmail } from "../../platform/mail/email-cooldown.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import * as users from "../users/index.js";
import * as repo from "./email-recovery-repository.js";
import { endSessions } from "../sessions/index.js";

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
      EMAILS.recoverEmail,
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
 * verified), or asks to move the account to a new one: a second link goes to
 * the new address, and the account keeps its confirmed address until that
 * link is opened. An address merely asked for holds nothing against anyone
 * (the "unexpired email change" of the pre-hijacking study): its owner may
 * sign up with it meanwhile, and then the move is refused.
 */
export async function completeEmailRecovery(
  deps: { db: Kysely<DB>; appUrl: string; sendAccountEmail: SendAccountEmail },
  token: string,
  requestedEmail: string | undefined,
) {
  const tokenHash = hashToken(token);
  const changeToken = randomBytes(32).toString("base64url");
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findLiveToken(trx, tokenHash, { forUpdate: true });
    if (!row) throw new AppError("recovery_link_invalid");
    const newEmail = requestedEmail?.toLowerCase();
    const changed = Boolean(newEmail && newEmail !== row.email);
    if (changed) {
      if (await users.emailBelongsToOther(trx, newEmail!, row.user_id)) throw new AppError("email_taken", { field: "email" });
      await repo.insertRecoveryToken(trx, hashToken(changeToken), row.user_id, EMAIL_RECOVERY_VALIDITY_MINUTES, newEmail!);
    } else {
      await users.setUserEmail(trx, row.user_id, row.email, true);
    }
    await repo.markTokenUsed(trx, tokenHash);
    return {
      changed,
      oldEmail: row.email,
      newEmail: changed ? newEmail! : row.email,
      username: row.username,
      language: row.language_preference,
    };
  });

  if (outcome.changed) {
    await deps.sendAccountEmail(
      "email-change",
      accountEmail(
        EMAILS.emailChangedNew,
        outcome.language,
        outcome.newEmail,
        { username: outcome.username, email: outcome.newEmail },
        `${deps.appUrl}/auth/confirm?${new URLSearchParams({ token: changeToken, type: "email-change" })}`,
      ),
    );
  }
  return { success: true as const, emailChanged: outcome.changed, oldEmail: outcome.oldEmail, newEmail: outcome.newEmail };
}

/**
 * The change link, opened from the new inbox: the account moves to the
 * address, confirmed, unless another account proved it meanwhile (an
 * unconfirmed one that never signed in gives way, as at sign-up). Every
 * session ends, and the old address is told.
 */
export async function confirmEmailChange(deps: { db: Kysely<DB>; sendAccountEmail: SendAccountEmail }, token: string) {
  const tokenHash = hashToken(token);
  const moved = await deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await repo.findLiveToken(trx, tokenHash, { forUpdate: true, change: true });
      if (!row?.new_email) throw new AppError("recovery_link_invalid");
      const unproven = await users.findUnprovenAccount(trx, row.new_email);
      if (unproven && unproven !== row.user_id) await users.deleteUnprovenAccount(trx, unproven);
      if (await users.emailBelongsToOther(trx, row.new_email, row.user_id)) throw new AppError("email_taken");
      await users.setUserEmail(trx, row.user_id, row.new_email, true);
      await repo.markTokenUsed(trx, tokenHash);
      await endSessions(trx, row.user_id);
      return {
        userId: row.user_id,
        oldEmail: row.email,
        newEmail: row.new_email,
        username: row.username,
        language: row.language_preference,
      };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError("email_taken");
      throw error;
    });
  await deps.sendAccountEmail(
    "email-changed",
    accountEmail(EMAILS.emailChangedOld, moved.language, moved.oldEmail, { username: moved.username, newEmail: moved.newEmail }),
  );
  return { ok: true as const, email: moved.newEmail, username: moved.username };
}
