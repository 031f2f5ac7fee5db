import type { Kysely } from "kysely";
import type { Config } from "../../config.js";
import type { DB } from "../../db/schema.js";
import { saveToOutbox } from "../dev-outbox/dev-outbox-repository.js";
import { isOfficialEmail } from "../users/users-repository.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** What the message is (a template's name), for the outgoing-mail log. */
  kind?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when configured; otherwise the development outbox (console and /dev/mail). */
export async function createMailer(config: Config, db: Kysely<DB>, log: (line: string) => void): Promise<Mailer> {
  if (config.SMTP_URL) {
    const { default: nodemailer } = await import("nodemailer");
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
      },
    };
  }
  if (!config.devOutbox) throw new Error("No way to send email: set SMTP_URL");
  return {
    async send(message) {
      // The official account controls the platform: a reset link for it is shown
      // only on the operator's console, never in the outbox a browser can read.
      if (await isOfficialEmail(db, message.to)) {
        log(`[dev outbox] to ${message.to} (official account, kept off /dev/mail): ${message.subject}\n${message.text}`);
        return;
      }
      await saveToOutbox(db, message);
      log(`[dev outbox] to ${message.to}: ${message.subject}\n${message.text}\n(see ${config.APP_URL}/dev/mail)`);
    },
  };
}
