import type { Language } from "../../../shared/constants.js";
import { translate } from "../../../shared/i18n/translate.js";

/**
 * What an email says, before it is laid out: the mailer turns it into the
 * branded HTML (email-layout.tsx) and its plain-text twin, with the action's
 * link made short (short-links.ts). Every email Kindly sends is one of these.
 */
export interface EmailContent {
  language: Language;
  /** The title over the message; also what a mail app shows before it is opened. */
  heading: string;
  greeting: string | null;
  /** Plain text; a line break stays a line break. */
  paragraphs: string[];
  /** Someone's own words (a thank-you's note), set apart after the paragraphs. */
  quote?: string | null;
  /**
   * The one thing to do, as a large button (and a short link in the text);
   * `lifetimeSeconds`: how long the token in it lasts, which its short link
   * does not outlive.
   */
  action: { label: string; url: string; lifetimeSeconds?: number } | null;
  /** Smaller lines after the action ("if you did not ask for this…"). */
  footnotes: string[];
  /** One-tap links about the email itself (pause, stop), small, after the signature. */
  choices?: { label: string; url: string }[];
  signature: string;
}

/** The plain-text part: the same words, the quote as "> " lines, the action as "label: link" (with French spacing in French). */
export function emailText(content: EmailContent, actionUrl: string | null): string {
  const labelled = (label: string, url: string) => translate(content.language, "email.layout.labelled", { label, url });
  return [
    ...(content.greeting ? [content.greeting, ""] : []),
    content.paragraphs.join("\n\n"),
    ...(content.quote ? ["", ...content.quote.split("\n").map((line) => `> ${line}`)] : []),
    ...(content.action && actionUrl ? ["", labelled(content.action.label, actionUrl)] : []),
    ...content.footnotes.flatMap((line) => ["", line]),
    "",
    content.signature,
    ...(content.choices?.length ? ["", ...content.choices.map((choice) => labelled(choice.label, choice.url))] : []),
  ].join("\n");
}
