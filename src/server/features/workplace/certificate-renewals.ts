import { notificationKind } from "../../../shared/schemas/notifications.js";
import { EMAILS } from "./emails.js";
import type { Kysely } from "kysely";
import { translate } from "../../../shared/i18n/translate.js";
import { dueIfExpiringBy, type CertificateKind } from "../../../shared/workplace/learning.js";
import type { DB } from "../../platform/db/schema.js";
import { formatDay } from "../../platform/format/quebec-dates.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Notice, Notifier } from "../../platform/notify/notifier.js";
import { claimRenewalReminders } from "./certificates-repository.js";

/** Rare, and the law asks for the training to be kept current: both, until the person says otherwise. */
export const RENEWALS_KIND = notificationKind("certificateRenewals", { push: true, email: true });

/** Where a certificate is renewed: the employee's quizzes and training, the manager's dashboard. */
const RENEW_AT: Record<CertificateKind, string> = {
  training: "/workplace-wellbeing?tab=training",
  policy: "/workplace-wellbeing?tab=policies",
  harassment: "/workplace-wellbeing?tab=policies",
  manager: "/business-dashboard",
};

/** A holder's reminder to renew one certificate: still valid until a day, or expired since one. */
export function renewalNotice(certificate: { kind: CertificateKind; expiresAt: Date; employer: string }, now: Date): Notice {
  const expired = certificate.expiresAt <= now;
  const facts = (language: Parameters<typeof translate>[0]) => ({
    certificate: translate(language, `workplace.certificate.title.${certificate.kind}`),
    employer: certificate.employer,
    date: formatDay(language, certificate.expiresAt),
  });
  return {
    kind: RENEWALS_KIND.name,
    push: (language) => ({
      title: translate(language, "notices.certificateRenewal.title", facts(language)),
      body: translate(language, expired ? "notices.certificateRenewal.expired" : "notices.certificateRenewal.due", facts(language)),
      url: RENEW_AT[certificate.kind],
      tag: `certificate-renewal-${certificate.kind}`,
    }),
    email: ({ language, to, username, appUrl }) => {
      const vars = facts(language);
      const status = translate(language, expired ? "email.certificateRenewal.expiredOn" : "email.certificateRenewal.validUntil", vars);
      return accountEmail(EMAILS.certificateRenewal, language, to, { username, ...vars, status }, `${appUrl}${RENEW_AT[certificate.kind]}`);
    },
  };
}

/**
 * Reminds each holder whose certificate's renewal has opened
 * (RENEWAL_NOTICE_DAYS before it expires), once: the claim marks them in the
 * statement that finds them. Returns how many were reminded.
 */
export async function sendRenewalReminders(deps: { db: Kysely<DB>; notifier: Notifier }, now = new Date()): Promise<number> {
  const claimed = await claimRenewalReminders(deps.db, dueIfExpiringBy(now), now);
  for (const row of claimed) {
    const notice = renewalNotice({ kind: row.kind, expiresAt: new Date(row.expires_at!), employer: row.employer_name }, now);
    await deps.notifier.notify(row.user_id, notice);
  }
  return claimed.length;
}
