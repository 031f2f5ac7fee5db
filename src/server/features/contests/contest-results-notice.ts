import { notificationKind } from "../../../shared/schemas/notifications.js";
import { EMAILS } from "./emails.js";
import type { LocalizedText } from "../../../shared/i18n/localized-text.js";
import { inLanguage } from "../../../shared/i18n/localized-text.js";
import { translate } from "../../../shared/i18n/translate.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Notice } from "../../platform/notify/notifier.js";

/** A contest's results: a push (a winner's prize email goes whatever they chose). */
export const CONTEST_RESULTS_KIND = notificationKind("contestResults", { push: true, email: false });

/**
 * A contest's results, to one entrant. A winner's push says so; their email
 * is the prize email (contestWinner), sent whatever they chose, so this
 * notice mails only the others.
 */
export function contestResultsNotice(contest: { id: string; name: Partial<LocalizedText>; won: boolean }): Notice {
  const url = `/contests/${contest.id}/draw`;
  const which = contest.won ? "won" : "drawn";
  return {
    kind: CONTEST_RESULTS_KIND.name,
    push: (language) => ({
      title: translate(language, `notices.contestResults.${which}.title`, { contest: inLanguage(contest.name, language) }),
      body: translate(language, `notices.contestResults.${which}.body`, { contest: inLanguage(contest.name, language) }),
      url,
      tag: `contest-${contest.id}`,
    }),
    ...(contest.won
      ? {}
      : {
          email: ({ language, to, username, appUrl }) =>
            accountEmail(EMAILS.contestResults, language, to, { username, contest: inLanguage(contest.name, language) }, `${appUrl}${url}`),
        }),
  };
}
