import {
  CONFIRMATION_LINK_HOURS,
  EMAIL_RECOVERY_VALIDITY_MINUTES,
  PASSWORD_RESET_MINUTES,
  SSO_PENDING_MINUTES,
  type Language,
} from "../../../shared/constants.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { EmailContent } from "./email-content.js";
import type { MailMessage } from "./mailer.js";

/** Every account email Kindly sends; each has its words in server.<language>.json under `email.<name>`. */
export const EMAIL_TEMPLATES = [
  "confirmEmail",
  "confirmEmailWithAct",
  "confirmEmailWithPassedCard",
  "ssoConfirmEmail",
  "resetPassword",
  "recoverEmail",
  "emailChangedOld",
  "emailChangedNew",
  "passwordChanged",
  "accountDeletionScheduled",
  "newDeviceSignIn",
  "organizationRequestReceived",
  "organizationApproved",
  "organizationApprovedInvitation",
  "organizationDeclined",
  "memberAdded",
  "memberInvited",
  "directoryInvitation",
  "itHandoff",
  "contestWinner",
  "contestResults",
  "cardMoved",
  "cardsMovedDigest",
  "thanked",
  "streakReminder",
  "freezeUsed",
  "teamChallenge",
  "surveyInvitation",
  "surveyReminder",
  "certificateRenewal",
  "anomalyDigest",
] as const;
export type Template = (typeof EMAIL_TEMPLATES)[number];

/**
 * Mails someone else could have caused with the recipient's address (a sign-up,
 * a reset, an invitation…) end with "if you did not ask for this, ignore it".
 * The others must not: a security notice asks the reader to act.
 */
const IGNORABLE: ReadonlySet<Template> = new Set([
  "confirmEmail",
  "confirmEmailWithAct",
  "confirmEmailWithPassedCard",
  "ssoConfirmEmail",
  "resetPassword",
  "recoverEmail",
  "emailChangedNew",
  "organizationRequestReceived",
  "organizationApprovedInvitation",
  "memberInvited",
  "itHandoff",
]);

/**
 * How long a template's link lasts where it carries a token of limited life:
 * its short link expires with the token (short-links.ts); others last the
 * short links' longest.
 */
const LINK_LIFETIME_SECONDS: Partial<Record<Template, number>> = {
  confirmEmail: CONFIRMATION_LINK_HOURS * 3600,
  confirmEmailWithAct: CONFIRMATION_LINK_HOURS * 3600,
  confirmEmailWithPassedCard: CONFIRMATION_LINK_HOURS * 3600,
  ssoConfirmEmail: SSO_PENDING_MINUTES * 60,
  emailChangedNew: EMAIL_RECOVERY_VALIDITY_MINUTES * 60,
  resetPassword: PASSWORD_RESET_MINUTES * 60,
  recoverEmail: EMAIL_RECOVERY_VALIDITY_MINUTES * 60,
};

/**
 * Builds one account email in the recipient's language. Every template has
 * `subject`, `greeting`, `body` and, when there is a link, `action`; the
 * mailer lays it out (email-layout.tsx) and writes the link short.
 */
export function accountEmail(
  template: Template,
  language: Language,
  to: string,
  vars: Record<string, string>,
  link?: string,
  quote?: string | null,
): MailMessage {
  const t = (key: string) => translate(language, `email.${template}.${key}`, vars);
  // No name, no greeting by name: a confirmation goes to an address nobody has proven yet,
  // and the name was chosen by whoever typed that address (maybe not its owner).
  const greeting = translate(language, vars.username ? "email.greeting" : "email.greetingNoName", vars);
  const content: EmailContent = {
    language,
    heading: t("subject"),
    greeting,
    paragraphs: t("body").split("\n\n"),
    quote: quote ?? null,
    action: link ? { label: t("action"), url: link, lifetimeSeconds: LINK_LIFETIME_SECONDS[template] } : null,
    footnotes: IGNORABLE.has(template) ? [translate(language, "email.ignoreIfNotYou")] : [],
    signature: translate(language, "email.signature"),
  };
  return { to, subject: t("subject"), content, kind: template };
}
