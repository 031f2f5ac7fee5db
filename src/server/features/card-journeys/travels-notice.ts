import { notificationKind } from "../../../shared/schemas/notifications.js";
import { EMAILS } from "./emails.js";
import type { Language } from "../../../shared/i18n/languages.js";
import { translate } from "../../../shared/i18n/translate.js";
import { nameIn } from "../../../shared/i18n/localized-text.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Notice } from "../../platform/notify/notifier.js";
import type { CardTravel } from "../../../shared/schemas/cards.js";

/** A card's travels: by push on a device that takes it, by email until one does. */
export const CARD_TRAVELS_KIND = notificationKind("cardTravels", { push: true, email: true, emailUntilPush: true });

export type { CardTravel };

/** "Your card reached its 5th person, in Laval": a card's travels, told to one who held it before. */
export function travelsNotice(travel: CardTravel): Notice {
  const where = (language: Language) => (travel.city ? translate(language, "notices.travels.inCity", { city: travel.city }) : "");
  const vars = (language: Language) => ({
    cardName: nameIn(travel.cardName, travel.cardTranslations, language),
    organizationName: travel.organizationName,
    count: travel.people,
    where: where(language),
  });
  return {
    kind: CARD_TRAVELS_KIND.name,
    push: (language) => ({
      title: translate(language, "notices.travels.title", vars(language)),
      body: translate(language, "notices.travels.body", vars(language)),
      url: `/cards/${travel.cardId}`,
      // One notice per card on the device: the newest replaces the last.
      tag: `card-${travel.cardId}`,
    }),
    email: ({ language, to, username, appUrl }) =>
      accountEmail(
        EMAILS.cardMoved,
        language,
        to,
        { username, ...vars(language), count: String(travel.people) },
        `${appUrl}/cards/${travel.cardId}`,
      ),
  };
}

/**
 * The morning digest of a person's cards that moved after their first card
 * email of a day: one email, a line per card. No push of its own (each was
 * pushed when it moved).
 */
export function travelsDigestNotice(travels: CardTravel[]): Notice {
  return {
    kind: CARD_TRAVELS_KIND.name,
    email: ({ language, to, username, appUrl }) => {
      const lines = travels.map((travel) =>
        translate(language, "email.cardsMovedDigest.line", {
          cardName: nameIn(travel.cardName, travel.cardTranslations, language),
          organizationName: travel.organizationName,
          count: travel.people,
          where: travel.city ? translate(language, "notices.travels.inCity", { city: travel.city }) : "",
        }),
      );
      return accountEmail(
        EMAILS.cardsMovedDigest,
        language,
        to,
        { username, count: String(travels.length), lines: lines.join("\n") },
        `${appUrl}/profile`,
      );
    },
  };
}
