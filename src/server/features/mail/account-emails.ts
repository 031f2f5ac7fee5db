import type { Language } from "../../../shared/constants.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { MailMessage } from "./mailer.js";

type Template =
  | "confirmEmail"
  | "resetPassword"
  | "recoverEmail"
  | "emailChangedOld"
  | "emailChangedNew"
  | "organizationRequestReceived"
  | "organizationApproved"
  | "organizationApprovedInvitation"
  | "organizationDeclined"
  | "memberAdded"
  | "memberInvited";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Builds one account email in the recipient's language. Every template has
 * `subject`, `greeting`, `body` and, when there is a link, `action`.
 */
export function accountEmail(template: Template, language: Language, to: string, vars: Record<string, string>, link?: string): MailMessage {
  const t = (key: string) => translate(language, `email.${template}.${key}`, vars);
  const greeting = translate(language, "email.greeting", vars);
  const signature = translate(language, "email.signature");
  const ignore = translate(language, "email.ignoreIfNotYou");
  const text = [greeting, "", t("body"), ...(link ? ["", `${t("action")}: ${link}`] : []), "", ignore, "", signature].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t("body"))}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t("action"))}</a></p>` : "",
    `<p>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
  ].join("\n");
  return { to, subject: t("subject"), text, html };
}

export { escapeHtml };
