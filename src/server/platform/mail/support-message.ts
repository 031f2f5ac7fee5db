import type { MailMessage } from "./mailer.js";

/** Mail for the support team, written in English whatever the sender's language: one labelled paragraph per field. */
export function supportMessage(to: string, replyTo: string, subject: string, fields: Record<string, string>): MailMessage {
  return {
    to,
    replyTo,
    subject,
    content: {
      language: "en",
      heading: subject,
      greeting: null,
      paragraphs: Object.entries(fields).map(([label, value]) => `${label}: ${value}`),
      action: null,
      footnotes: [],
      signature: "Kindly",
    },
  };
}
