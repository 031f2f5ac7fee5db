import { notificationKind } from "../../../../shared/schemas/notifications.js";
import { EMAILS } from "../emails.js";
import { translate } from "../../../../shared/i18n/translate.js";
import { accountEmail } from "../../../platform/mail/account-emails.js";
import { formatDay } from "../../../platform/format/quebec-dates.js";
import type { Language } from "../../../../shared/i18n/languages.js";
import type { Notice } from "../../../platform/notify/notifier.js";

/** A survey's invitation and reminder: a push. */
export const SURVEYS_KIND = notificationKind("workplaceSurveys", { push: true, email: false });

/**
 * A survey's invitation or reminder, to one employee, on the channels they
 * chose for workplace surveys. `closes`: the period's last day (YYYY-MM-DD),
 * written as the reader's language writes a date.
 */
export function surveyNotice(template: "surveyInvitation" | "surveyReminder", period: { employer: string; closes: string }): Notice {
  const facts = (language: Language) => ({
    employer: period.employer,
    closes: formatDay(language, new Date(`${period.closes}T12:00:00Z`)),
  });
  return {
    kind: SURVEYS_KIND.name,
    push: (language) => ({
      title: translate(language, `notices.${template}.title`, facts(language)),
      body: translate(language, `notices.${template}.body`, facts(language)),
      url: "/workplace-wellbeing?tab=surveys",
      tag: "workplace-survey",
    }),
    email: ({ language, to, username, appUrl }) =>
      accountEmail(EMAILS[template], language, to, { username, ...facts(language) }, `${appUrl}/workplace-wellbeing?tab=surveys`),
  };
}
