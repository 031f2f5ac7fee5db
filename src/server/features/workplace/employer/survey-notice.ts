import { translate } from "../../../../shared/i18n/translate.js";
import { accountEmail } from "../../../platform/mail/account-emails.js";
import type { Notice } from "../../notifications/index.js";

/** A survey's invitation or reminder, to one employee, on the channels they chose for workplace surveys. */
export function surveyNotice(template: "surveyInvitation" | "surveyReminder", facts: { employer: string; closes: string }): Notice {
  return {
    kind: "workplaceSurveys",
    push: (language) => ({
      title: translate(language, `notices.${template}.title`, facts),
      body: translate(language, `notices.${template}.body`, facts),
      url: "/workplace-wellbeing?tab=surveys",
      tag: "workplace-survey",
    }),
    email: ({ language, to, username, appUrl }) =>
      accountEmail(template, language, to, { username, ...facts }, `${appUrl}/workplace-wellbeing?tab=surveys`),
  };
}
