import type { Language } from "../../../shared/constants.js";

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
  /** The one thing to do, as a large button (and a short link in the text). */
  action: { label: string; url: string } | null;
  /** Smaller lines after the action ("if you did not ask for this…"). */
  footnotes: string[];
  signature: string;
}

/** The plain-text part: the same words, the action as "label: link". */
export function emailText(content: EmailContent, actionUrl: string | null): string {
  return [
    ...(content.greeting ? [content.greeting, ""] : []),
    content.paragraphs.join("\n\n"),
    ...(content.action && actionUrl ? ["", `${content.action.label}: ${actionUrl}`] : []),
    ...content.footnotes.flatMap((line) => ["", line]),
    "",
    content.signature,
  ].join("\n");
}
