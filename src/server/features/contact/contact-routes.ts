import { contactLimits } from "./rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bugReportSchema, contactMessageSchema } from "../../../shared/schemas/contact.js";
import { okSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import { supportMessage } from "../../platform/mail/support-message.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";

export const contactRoutes =
  ({ mailer, limiter, config }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = rateLimit(limiter, config.RATE_LIMIT_SCALE, contactLimits.contact);
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
