import type { Language } from "../../../shared/constants.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { MailMessage } from "./mailer.js";

type Template =
  | "confirmEmail"
  | "resetPassword"
  | "recoverEmail"
  | "emailChangedOld"
  | "emailChangedNew"
  | "passwordChanged"
  | "accountDeletionScheduled"
  | "newDeviceSignIn"
  | "organizationRequestReceived"
  | "organizationApproved"
  | "organizationApprovedInvitation"
  | "organizationDeclined"
  | "memberAdded"
  | "memberInvited"
  | "contestWinner"
  | "cardMoved"
  | "thanked"
  | "surveyInvitation"
  | "surveyReminder"
  | "anomalyDigest";

/**
 * Mails someone else could have caused with the recipient's address (a sign-up,
 * a reset, an invitation…) end with "if you did not ask for this, ignore it".
 * The others must not: a security notice asks the reader to act.
 */
const IGNORABLE: ReadonlySet<Template> = new Set([
  "confirmEmail",
  "resetPassword",
  "recoverEmail",
  "emailChangedNew",
  "organizationRequestReceived",
  "organizationApprovedInvitation",
  "memberInvited",
]);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Builds one account email in the recipient's language. Every template has
 * `subject`, `greeting`, `body` and, when there is a link, `action`.
 */
export function accountEmail(template: Template, language: Language, to: string, vars: Record<string, string>, link?: string): MailMessage {
  const t = (key: string) => translate(language, `email.${template}.${key}`, vars);
  // No name, no greeting by name: a confirmation goes to an address nobody has proven yet,
  // and the name was chosen by whoever typed that address (maybe not its owner).
  const greeting = translate(language, vars.username ? "email.greeting" : "email.greetingNoName", vars);
  const signature = translate(language, "email.signature");
  const ignore = IGNORABLE.has(template) ? [translate(language, "email.ignoreIfNotYou")] : [];
  const text = [
    greeting,
    "",
    t("body"),
    ...(link ? ["", `${t("action")}: ${link}`] : []),
    ...ignore.flatMap((line) => ["", line]),
    "",
    signature,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t("body"))}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t("action"))}</a></p>` : "",
    ...ignore.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(signature)}</p>`,
  ].join("\n");
  return { to, subject: t("subject"), text, html, kind: template };
}

export { escapeHtml };
