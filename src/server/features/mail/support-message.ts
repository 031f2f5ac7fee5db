import { escapeHtml } from "./account-emails.js";
import type { MailMessage } from "./mailer.js";

/** Mail for the support team, written in English whatever the sender's language: one labelled paragraph per field. */
export function supportMessage(to: string, replyTo: string, subject: string, fields: Record<string, string>): MailMessage {
  const text = Object.entries(fields)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n\n");
  const html = Object.entries(fields)
    .map(([label, value]) => `<p><strong>${escapeHtml(label)}</strong><br>${escapeHtml(value).replaceAll("\n", "<br>")}</p>`)
    .join("\n");
  return { to, replyTo, subject, text, html };
}
