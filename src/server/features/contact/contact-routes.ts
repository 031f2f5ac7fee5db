import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bugReportSchema, contactMessageSchema } from "../../../shared/schemas/contact.js";
import { okSchema } from "../../../shared/schemas/responses.js";
import type { AppDeps } from "../../http/deps.js";
import { escapeHtml } from "../mail/account-emails.js";
import { rateLimit, RULES } from "../rate-limit/rate-limit-rules.js";

/** Support mail is for the team, so it is written in English whatever the sender's language. */
function supportMessage(to: string, replyTo: string, subject: string, fields: Record<string, string>) {
  const text = Object.entries(fields)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n\n");
  const html = Object.entries(fields)
    .map(([label, value]) => `<p><strong>${escapeHtml(label)}</strong><br>${escapeHtml(value).replaceAll("\n", "<br>")}</p>`)
    .join("\n");
  return { to, replyTo, subject, text, html };
}

export const contactRoutes =
  ({ mailer, limiter, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = rateLimit(limiter, config.RATE_LIMIT_SCALE, RULES.contact);
    const anyone = { access: "anyone" } as const;
    const ok = { 200: okSchema };

    app.post("/contact", { config: anyone, schema: { body: contactMessageSchema, response: ok }, preHandler: limit }, async (request) => {
      const { firstName, lastName, email, subject, message } = request.body;
      await mailer.send(
        supportMessage(config.SUPPORT_EMAIL, email, `[Contact] ${subject}`, {
          From: `${firstName} ${lastName} <${email}>`,
          Subject: subject,
          Message: message,
        }),
      );
      return { ok: true as const };
    });

    app.post("/bug-reports", { config: anyone, schema: { body: bugReportSchema, response: ok }, preHandler: limit }, async (request) => {
      const { name, email, bugDescription } = request.body;
      await mailer.send(
        supportMessage(config.SUPPORT_EMAIL, email, `[Bug report] from ${name}`, {
          From: `${name} <${email}>`,
          Description: bugDescription,
        }),
      );
      return { ok: true as const };
    });
  };
