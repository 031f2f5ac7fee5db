import type { Language } from "../../../shared/constants.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { EmailContent } from "./email-content.js";
import type { MailMessage } from "./mailer.js";

/**
 * One email a feature sends (declared in the feature's own emails.ts and in
 * its declaration, platform/feature.ts); its words are in
 * server.<language>.json under `email.<name>`.
 */
export interface EmailTemplate {
  name: string;
  /**
   * Someone else could have caused it with the recipient's address (a
   * sign-up, a reset, an invitation…): it ends with "if you did not ask for
   * this, ignore it". A security notice must not, it asks the reader to act.
   */
  ignorable?: boolean;
  /**
   * How long its link lasts where it carries a token of limited life: its
   * short link expires with the token (short-links.ts); others last the short
   * links' longest.
   */
  linkLifetimeSeconds?: number;
}

/** A feature's emails, each named by its key: `emailTemplates({ thanked: {} })`. */
export function emailTemplates<Name extends string>(templates: Record<Name, Omit<EmailTemplate, "name">>): Record<Name, EmailTemplate> {
  return Object.fromEntries(Object.entries<Omit<EmailTemplate, "name">>(templates).map(([name, t]) => [name, { name, ...t }])) as Record<
    Name,
    EmailTemplate
  >;
}

/**
 * Builds one account email in the recipient's language. Every template has
 * `subject`, `greeting`, `body` and, when there is a link, `action`; the
 * mailer lays it out (email-layout.tsx) and writes the link short.
 */
export function accountEmail(
  template: EmailTemplate,
  language: Language,
  to: string,
  vars: Record<string, string>,
  link?: string,
  quote?: string | null,
): MailMessage {
  const t = (key: string) => translate(language, `email.${template.name}.${key}`, vars);
  // No name, no greeting by name: a confirmation goes to an address nobody has proven yet,
  // and the name was chosen by whoever typed that address (maybe not its owner).
  const greeting = translate(language, vars.username ? "email.greeting" : "email.greetingNoName", vars);
  const content: EmailContent = {
    language,
    heading: t("subject"),
    greeting,
    paragraphs: t("body").split("\n\n"),
    quote: quote ?? null,
    action: link ? { label: t("action"), url: link, lifetimeSeconds: template.linkLifetimeSeconds } : null,
    footnotes: template.ignorable ? [translate(language, "email.ignoreIfNotYou")] : [],
    signature: translate(language, "email.signature"),
  };
  return { to, subject: t("subject"), content, kind: template.name };
}
