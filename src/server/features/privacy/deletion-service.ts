import { EMAILS } from "./emails.js";
import type { Kysely } from "kysely";
import { DELETION_PURGE_DAYS } from "../../../shared/constants.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import type { Auth } from "../sessions/index.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import type { PersonalData } from "../../platform/personal-data.js";
import {
  accountsDueForPurge,
  cancelDeadline,
  deletionState,
  findMailingDetails,
  isOfficialUser,
  markForDeletion,
  unmarkForDeletion,
} from "../users/index.js";
import { endSessions, passwordMatches } from "../sessions/index.js";
import { hideWhileDeletionPending } from "../community/index.js";
import { formatDay } from "../../platform/format/quebec-dates.js";

const DAY_MS = 86_400_000;

/**
 * The person asks for their account to be deleted, proving it with their
 * password: in one transaction, every session ends and their public content
 * is hidden; the purge follows within 30 days; a mail says when, and how to
 * cancel (sign in within 7 days).
 */
export async function requestDeletion(
  deps: { db: Kysely<DB>; auth: Auth; mailer: Mailer; appUrl: string; eventsChannel: string },
  userId: string,
  password: string,
  now = new Date(),
): Promise<{ purgeAfter: string; cancelBefore: string }> {
  if (await isOfficialUser(deps.db, userId)) throw new AppError("official_account_protected");
  if (!(await passwordMatches(deps.auth, userId, password))) throw new AppError("wrong_current_password", { field: "password" });
  const purgeAfter = new Date(now.getTime() + DELETION_PURGE_DAYS * DAY_MS);
  const marked = await deps.db.transaction().execute(async (trx) => {
    if (!(await markForDeletion(trx, userId, now, purgeAfter))) return false;
    await endSessions(trx, userId);
    await hideWhileDeletionPending(trx, deps.eventsChannel, userId, true, now);
    return true;
  });
  // Asked twice (two tabs): the first request's dates stand.
  const state = await deletionState(deps.db, userId);
  const requestedAt = new Date(state!.deletion_requested_at!);
  const purge = new Date(state!.purge_after!);
  if (marked) {
    const user = await findMailingDetails(deps.db, userId);
    if (user) {
      const language = user.language_preference;
      await deps.mailer.send(
        accountEmail(EMAILS.accountDeletionScheduled, language, user.email, {
          username: user.username,
          purgeDate: formatDay(language, purge),
          cancelDate: formatDay(language, cancelDeadline(requestedAt)),
        }),
      );
    }
  }
  return { purgeAfter: purge.toISOString(), cancelBefore: cancelDeadline(requestedAt).toISOString() };
}

/**
 * A sign-in of an account asked to be deleted: within 7 days it cancels the
 * deletion (true); later it is refused (the session hook, auth.ts).
 */
export async function cancelDeletionBySigningIn(db: Kysely<DB>, eventsChannel: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await unmarkForDeletion(trx, userId))) return false;
    await hideWhileDeletionPending(trx, eventsChannel, userId, false, new Date());
    return true;
  });
}

/**
 * The scheduled purge: every account whose date has come loses its personal
 * data, each feature erasing its own rows (`owners`, src/server/personal-data.ts,
 * in that order), and its files leave storage. `now` is the caller's clock
 * (tests move it).
 */
export async function purgeDueAccounts(
  deps: { db: Kysely<DB>; storage: FileStorage; personalData: readonly PersonalData[] },
  now = new Date(),
): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await accountsDueForPurge(deps.db, now, 50);
    if (due.length === 0) return purged;
    for (const userId of due) {
      const files = await deps.db.transaction().execute(async (trx) => {
        const keys: string[] = [];
        for (const owner of deps.personalData) keys.push(...((await owner.filesOf?.(trx, userId)) ?? []));
        for (const owner of deps.personalData) await owner.eraseFor?.(trx, userId, now);
        return keys;
      });
      // After the commit: a file left behind by a crash here is unreachable, never the other way round.
      await Promise.all(files.map((key) => deps.storage.delete(key)));
      purged++;
    }
  }
}
