import type { MailMessage } from "./mailer.js";
import { DEFAULT_LANGUAGE } from "../../../shared/i18n/languages.js";

/** Mail for the support team, in the default language (the team's) whatever the sender's: one labelled paragraph per field. */
export function supportMessage(to: string, replyTo: string, subject: string, fields: Record<string, string>): MailMessage {
  return {
    to,
    replyTo,
    subject,
    content: {
      language: DEFAULT_LANGUAGE,
      heading: subject,
      greeting: null,
      paragraphs: Object.entries(fields).map(([label, value]) => `${label}: ${value}`),
      action: null,
      footnotes: [],
      signature: "Kindly",
    },
  };
}
