import { EMAILS } from "./emails.js";
import type { Language } from "../../../shared/i18n/languages.js";
import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { describeDevice } from "../../../shared/device.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { DB } from "../../platform/db/schema.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import { findMailingDetails } from "../users/index.js";
import { formatMoment } from "../../platform/format/quebec-dates.js";

/**
 * Account-security mail: always sent (it is not a notification one can turn
 * off), never "ignore this": it asks the reader to act if it was not them,
 * with a link to choose a new password.
 */
interface NoticeDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  appUrl: string;
}

async function sendNotice(
  deps: NoticeDeps,
  userId: string,
  template: "passwordChanged" | "newDeviceSignIn",
  vars: (language: Language) => Record<string, string>,
) {
  const user = await findMailingDetails(deps.db, userId);
  if (!user) return;
  await deps.mailer.send(
    accountEmail(
      EMAILS[template],
      user.language_preference,
      user.email,
      { username: user.username, ...vars(user.language_preference) },
      `${deps.appUrl}/forgot-password`,
    ),
  );
}

export async function noticePasswordChanged(deps: NoticeDeps, userId: string, at = new Date()): Promise<void> {
  await sendNotice(deps, userId, "passwordChanged", (language) => ({ when: formatMoment(language, at) }));
}

/**
 * Remembers the device a sign-in came from; a device the account never used
 * is mailed to its owner, unless it is the account's very first.
 */
export async function noticeSignIn(deps: NoticeDeps, userId: string, userAgent: string | undefined, at = new Date()): Promise<void> {
  const deviceHash = createHash("sha256")
    .update(userAgent ?? "")
    .digest("hex");
  const { rows } = await sql<{ inserted: boolean; earlier: number }>`
    with earlier as (select count(*)::int as n from known_devices where user_id = ${userId}),
    seen as (
      insert into known_devices (user_id, device_hash) values (${userId}, ${deviceHash})
      on conflict (user_id, device_hash) do update set last_seen_at = now()
      returning (xmax = 0) as inserted
    )
    select seen.inserted, earlier.n as earlier from seen, earlier`.execute(deps.db);
  const row = rows[0];
  if (!row?.inserted || row.earlier === 0) return;
  const { browser, system } = describeDevice(userAgent);
  await sendNotice(deps, userId, "newDeviceSignIn", (language) => ({
    when: formatMoment(language, at),
    device:
      browser && system
        ? translate(language, "devices.browserOn", { browser, system })
        : (browser ?? system ?? translate(language, "devices.unknown")),
  }));
}
