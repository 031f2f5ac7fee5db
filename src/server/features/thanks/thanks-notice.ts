import { notificationKind } from "../../../shared/schemas/notifications.js";
import { EMAILS } from "./emails.js";
import type { Language } from "../../../shared/i18n/languages.js";
import { nameIn } from "../../../shared/i18n/localized-text.js";
import { translate } from "../../../shared/i18n/translate.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Notice } from "../../platform/notify/notifier.js";

/** A thank-you: by push on a device that takes it, by email until one does. */
export const THANKS_KIND = notificationKind("thanks", { push: true, email: true, emailUntilPush: true });

/**
 * The giver's notice of a thanks: who (only if the sender chose to say),
 * for which card, and the note itself, quoted — on a phone's lock screen the
 * note is the message.
 */
export function thanksNotice(thanks: {
  id: string;
  cardName: string;
  cardTranslations: Partial<Record<string, string>>;
  note: string;
  from: string | null;
}): Notice {
  const cardName = (language: string) => nameIn(thanks.cardName, thanks.cardTranslations, language);
  const who = (language: Language) => thanks.from ?? translate(language, "notices.someone");
  return {
    kind: THANKS_KIND.name,
    push: (language) => ({
      title: translate(language, "notices.thanks.title", { who: who(language) }),
      body: thanks.note || translate(language, "notices.thanks.body", { cardName: cardName(language) }),
      url: "/profile#thanks",
      tag: `thanks-${thanks.id}`,
    }),
    email: ({ language, to, username, appUrl }) =>
      accountEmail(
        EMAILS.thanked,
        language,
        to,
        { username, who: who(language), cardName: cardName(language) },
        `${appUrl}/profile#thanks`,
        thanks.note || null,
      ),
  };
}
