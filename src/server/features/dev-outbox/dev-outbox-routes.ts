import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../http/deps.js";

/** The development outbox: registered only when no SMTP server is configured, never in production. */
export const devOutboxRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/dev/mail", async () => {
      const rows = await db
        .selectFrom("dev_outbox")
        .select(["id", "to_address", "subject", "text_body", "html_body", "created_at"])
        .orderBy("id", "desc")
        .limit(100)
        .execute();
      return {
        messages: rows.map((row) => ({
          id: Number(row.id),
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          createdAt: new Date(row.created_at).toISOString(),
        })),
      };
    });
  };
