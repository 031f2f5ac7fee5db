import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_PAGE_SIZE } from "../../../shared/schemas/admin.js";
import {
  hideInputSchema,
  moderationListSchema,
  moderationParamsSchema,
  moderationQuerySchema,
} from "../../../shared/schemas/moderation.js";
import { noContentSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import { dismissReports, hideContent, listModeration, restoreContent, type ModeratedKinds } from "./moderation-service.js";

const official = { access: "official" } as const;

/** The admin panel's Moderation tab (official account only). */
/** `moderatedContent`: each kind of content's owner side (moderated-content.ts), given by bootstrap.ts. */
export const moderationRoutes =
  ({ db, eventsChannel, moderatedContent: kinds }: HttpDeps & { moderatedContent: ModeratedKinds }): FastifyPluginAsyncZod =>
  async (app) => {
    const context = { db, eventsChannel, kinds };
    const done = { 204: noContentSchema };

    app.get(
      "/admin/moderation",
      { config: official, schema: { querystring: moderationQuerySchema, response: { 200: moderationListSchema } } },
      async (request) => ({
        page: request.query.page,
        ...(await listModeration(db, request.query.view, request.query.page, ADMIN_PAGE_SIZE)),
      }),
    );

    app.post(
      "/admin/moderation/:type/:id/hide",
      { config: official, schema: { params: moderationParamsSchema, body: hideInputSchema, response: done } },
      async (request, reply) => {
        await hideContent(context, request.userId!, request.params, request.body.reason);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/admin/moderation/:type/:id/restore",
      { config: official, schema: { params: moderationParamsSchema, response: done } },
      async (request, reply) => {
        await restoreContent(context, request.userId!, request.params);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/admin/moderation/:type/:id/dismiss",
      { config: official, schema: { params: moderationParamsSchema, response: done } },
      async (request, reply) => {
        await dismissReports(context, request.userId!, request.params);
        return reply.status(204).send(null);
      },
    );
  };
