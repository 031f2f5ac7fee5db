import type { NotificationKinds } from "../../platform/notify/notification-kinds.js";
import type { Kysely } from "kysely";
import {
  NOTIFICATION_SETTINGS_PATH,
  type EmailChoiceAction,
  type EmailChoiceOutcome,
  type NotificationKind,
} from "../../../shared/schemas/notifications.js";
import type { Language } from "../../../shared/i18n/languages.js";
import { translate } from "../../../shared/i18n/translate.js";
import { AppError } from "../../kernel/app-error.js";
import type { DB } from "../../platform/db/schema.js";
import type { MailMessage } from "../../platform/mail/mailer.js";
import type { LinkSigner } from "../../platform/storage/signed-links.js";
import * as repo from "./notifications-repository.js";

/** How long "Pause these emails" lasts. */
export const EMAIL_PAUSE_DAYS = 7;

export type Sealer = Pick<LinkSigner, "seal" | "matchesSeal">;

/** What a one-tap link names: the person and the kind of email, sealed so that no one else can make one. */
export interface EmailChoiceRef {
  user: string;
  kind: NotificationKind;
  seal: string;
}

const sealed = (user: string, kind: NotificationKind) => `email-choices\n${user}\n${kind}`;

function query(sealer: Sealer, user: string, kind: NotificationKind): string {
  return new URLSearchParams({ u: user, k: kind, s: sealer.seal(sealed(user, kind)) }).toString();
}

/**
 * Every reminder and news email carries its one-tap links (pause a week,
 * stop), which need no sign-in, and the headers a mail app uses for its own
 * "Unsubscribe" button: List-Unsubscribe with an HTTPS address that takes a
 * POST, and List-Unsubscribe-Post saying so (RFC 8058, one-click).
 */
export function withEmailChoices(
  message: MailMessage,
  sealer: Sealer,
  appUrl: string,
  recipient: { userId: string; kind: NotificationKind; language: Language },
): MailMessage {
  const { userId, kind, language } = recipient;
  const ref = query(sealer, userId, kind);
  const link = (action: EmailChoiceAction) => `${appUrl}/email-choices?${ref}&do=${action}`;
  return {
    ...message,
    content: {
      ...message.content,
      choices: [
        { label: translate(language, "email.choices.pause", { count: EMAIL_PAUSE_DAYS }), url: link("pause") },
        { label: translate(language, "email.choices.stop"), url: link("stop") },
        { label: translate(language, "email.choices.settings"), url: `${appUrl}${NOTIFICATION_SETTINGS_PATH}` },
      ],
    },
    headers: {
      ...message.headers,
      "List-Unsubscribe": `<${appUrl}/api/email-choices/one-click?${ref}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The person and kind a link names, once its seal is checked; a link altered or made up is refused. */
export function checkEmailChoiceRef(sealer: Sealer, ref: EmailChoiceRef): void {
  if (!sealer.matchesSeal(sealed(ref.user, ref.kind), ref.seal)) throw new AppError("not_found", { messageKey: "emailChoices.badLink" });
}

/**
 * Does what a one-tap link asks, for its kind's emails only: stop them
 * (the choice in the settings is turned off), pause them a week, or undo
 * either. Undoing a stop puts back what was there: the default for a kind
 * whose email goes until push exists, else email on.
 */
export async function applyEmailChoice(
  db: Kysely<DB>,
  known: NotificationKinds,
  sealer: Sealer,
  ref: EmailChoiceRef,
  action: EmailChoiceAction,
  now: Date,
): Promise<EmailChoiceOutcome> {
  checkEmailChoiceRef(sealer, ref);
  if (!(await repo.findRecipient(db, ref.user))) throw new AppError("not_found", { messageKey: "emailChoices.badLink" });
  const { user, kind } = ref;
  if (action === "stop") {
    await repo.saveChoice(db, user, kind, "email", false);
    await repo.resumeEmails(db, user, kind);
    return { kind, state: "stopped", until: null };
  }
  if (action === "pause") {
    const until = new Date(now.getTime() + EMAIL_PAUSE_DAYS * 86_400_000);
    await repo.pauseEmails(db, user, kind, until);
    return { kind, state: "paused", until: until.toISOString() };
  }
  await repo.resumeEmails(db, user, kind);
  if (known.emailUntilPush(kind)) await repo.forgetChoice(db, user, kind, "email");
  else await repo.saveChoice(db, user, kind, "email", true);
  return { kind, state: "on", until: null };
}
