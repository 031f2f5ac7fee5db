import type { Kysely } from "kysely";
import type { Config } from "../../config.js";
import type { DB } from "../db/schema.js";
import { saveToOutbox } from "../dev-outbox/dev-outbox-repository.js";
import { emailText, type EmailContent } from "./email-content.js";
import { createShortLinks, type ShortLinks } from "./short-links.js";

export interface MailMessage {
  to: string;
  subject: string;
  /** What it says: laid out as HTML and plain text when sent (renderMail). */
  content: EmailContent;
  replyTo?: string;
  /** What the message is (a template's name), for the outgoing-mail log. */
  kind?: string;
  /** Headers beyond the usual (List-Unsubscribe…), sent as given. */
  headers?: Record<string, string>;
}

/** A message as it leaves: both parts, the action's link written short in each. */
export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Lays a message out: its link made short, then the HTML (react-email, loaded with the first mail) and the text. */
export async function renderMail(message: MailMessage, links: ShortLinks | null): Promise<RenderedMail> {
  const { content } = message;
  const { action } = content;
  const actionUrl = action ? (links ? await links.shorten(action.url, { lifetimeSeconds: action.lifetimeSeconds }) : action.url) : null;
  const { emailHtml } = await import("./email-layout.js");
  return {
    to: message.to,
    subject: message.subject,
    text: emailText(content, actionUrl),
    html: await emailHtml(content, actionUrl),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
  };
}

/**
 * SMTP when configured; otherwise the development outbox (console and
 * /dev/mail). `keptOffOutbox` names the addresses whose mail only the
 * console shows (the official account's: the product decides, bootstrap.ts).
 */
export async function createMailer(
  config: Config,
  db: Kysely<DB>,
  log: (line: string) => void,
  keptOffOutbox: (address: string) => Promise<boolean> = async () => false,
): Promise<Mailer> {
  const links = createShortLinks(db, config.APP_URL);
  if (config.SMTP_URL) {
    const { default: nodemailer } = await import("nodemailer");
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...(await renderMail(message, links)) });
      },
    };
  }
  if (!config.devOutbox) throw new Error("No way to send email: set SMTP_URL");
  return {
    async send(message) {
      const mail = await renderMail(message, links);
      // Shown only on the operator's console, never in the outbox a browser can read.
      if (await keptOffOutbox(message.to)) {
        log(`[dev outbox] to ${message.to} (official account, kept off /dev/mail): ${message.subject}\n${mail.text}`);
        return;
      }
      await saveToOutbox(db, mail);
      log(`[dev outbox] to ${message.to}: ${message.subject}\n${mail.text}\n(see ${config.APP_URL}/dev/mail)`);
    },
  };
}
