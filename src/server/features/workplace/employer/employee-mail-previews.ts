import type { Kysely } from "kysely";
import { newYorkDay } from "../../../../shared/acts/new-york-time.js";
import type { Language } from "../../../../shared/i18n/languages.js";
import { translate } from "../../../../shared/i18n/translate.js";
import type { EmployeeMail, EmployeeMailPreview } from "../../../../shared/schemas/workplace.js";
import { RENEWAL_NOTICE_DAYS } from "../../../../shared/workplace/learning.js";
import { currentSurveyPeriod } from "../../../../shared/workplace/survey-schedule.js";
import type { DB } from "../../../platform/db/schema.js";
import type { MailMessage } from "../../../platform/mail/mailer.js";
import { renderMail } from "../../../platform/mail/mailer.js";
import type { PushPayload } from "../../../../shared/schemas/notifications.js";
import { renewalNotice } from "../certificate-renewals.js";
import { organizationCreatedAt } from "../climate-survey-repository.js";
import { organizationName } from "../directory/directory-repository.js";
import { directoryInvitationEmail } from "../directory/directory-service.js";
import { requireComplianceAccess } from "./compliance-access.js";
import { surveyNotice } from "./survey-notice.js";

/**
 * What an employee receives, read by the employer beforehand (issue 61 §2):
 * each mail built by the very function that sends it, for this employer, in
 * the language asked, at the moment it goes out (the survey period's dates,
 * a certificate RENEWAL_NOTICE_DAYS before it expires: day 335 of a year's
 * validity). Nothing is sent, and the employee's name is a sample.
 */
export async function previewEmployeeMail(
  deps: { db: Kysely<DB>; appUrl: string },
  userId: string,
  organizationId: string,
  mail: EmployeeMail,
  language: Language,
  now = new Date(),
): Promise<EmployeeMailPreview> {
  await requireComplianceAccess(deps.db, userId, organizationId);
  const employer = await organizationName(deps.db, organizationId);
  const to = { email: "employee@example.invalid", username: translate(language, "mailPreview.sampleName") };
  const recipient = { language, to: to.email, username: to.username, appUrl: deps.appUrl };
  let message: MailMessage;
  let push: PushPayload | null = null;
  if (mail === "directoryInvitation") {
    message = directoryInvitationEmail(language, to, employer, deps.appUrl);
  } else {
    const notice =
      mail === "certificateRenewal"
        ? renewalNotice({ kind: "harassment", expiresAt: new Date(now.getTime() + RENEWAL_NOTICE_DAYS * 86_400_000), employer }, now)
        : surveyNotice(mail, {
            employer,
            closes: currentSurveyPeriod(newYorkDay(now), newYorkDay(await organizationCreatedAt(deps.db, organizationId))).closes,
          });
    message = notice.email!(recipient);
    push = notice.push?.(language) ?? null;
  }
  const rendered = await renderMail(message, null);
  return { subject: message.subject, html: rendered.html, text: rendered.text, push: push && { title: push.title, body: push.body } };
}
