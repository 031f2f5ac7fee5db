import { communityLimits } from "./rate-limits.js";
import { moderationLimits } from "../moderation/index.js";
import { multipartForm } from "../../http/openapi-document.js";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  GALLERY_MAX_BYTES,
  galleryPageSchema,
  galleryPostFieldsSchema,
  galleryPostSchema,
  galleryStatsSchema,
  idParamsSchema,
  likeResultSchema,
  linkableActsSchema,
  pageQuerySchema,
  reportInputSchema,
} from "../../../shared/schemas/community.js";
import { fileSchema, noContentSchema, okSchema } from "../../../shared/schemas/responses.js";
import { isOfficial } from "../../http/access.js";
import { AppError } from "../../kernel/app-error.js";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import { isValidationKey } from "../../../shared/i18n/translate.js";
import { sessionUserId } from "../sessions/index.js";
import { reportContent } from "../moderation/index.js";
import { galleryModeration } from "./moderated-content.js";
import { limitInStatement, rateLimit, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";
import type { FastifyRequest } from "fastify";
import * as gallery from "./gallery-service.js";
import { readUpload } from "./upload-form.js";

const anyone = { access: "anyone" } as const;
const signedIn = { access: "signed-in" } as const;

/**
 * Files are served as the server stored them: its own type, never sniffed,
 * and a policy under which nothing in them can run, even opened on their own.
 */
const FILE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** The acts gallery. Reads go to the primary, like the chat's (a live event must find the new post). */
export const galleryRoutes =
  ({ db, sessions, eventsChannel, limiter, config, storage }: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const context = { db, eventsChannel, storage };
    const limit = (rule: RateLimitRule) => rateLimit(limiter, config.RATE_LIMIT_SCALE, rule);
    await app.register(fastifyMultipart, {
      // One photo and a few short fields; a larger file is cut off and refused.
      limits: { fileSize: GALLERY_MAX_BYTES, files: 1, fields: 4, fieldSize: 4096, parts: 5, headerPairs: 100 },
    });

    app.get(
      "/gallery/posts",
      { config: anyone, schema: { querystring: pageQuerySchema, response: { 200: galleryPageSchema } } },
      async (request) => gallery.galleryPage(db, await sessionUserId(sessions, request), request.query.before),
    );

    app.get(
      "/gallery/posts/:id",
      { config: anyone, schema: { params: idParamsSchema, response: { 200: galleryPostSchema } } },
      async (request) => gallery.galleryPost(db, await sessionUserId(sessions, request), request.params.id),
    );

    app.get("/gallery/stats", { config: anyone, schema: { response: { 200: galleryStatsSchema } } }, () => gallery.galleryStats(db));

    app.get("/gallery/my-acts", { config: signedIn, schema: { response: { 200: linkableActsSchema } } }, async (request) => ({
      acts: await gallery.linkableActs(db, request.userId!),
    }));

    // Multipart: documented here, read by upload-form.ts (the photo must be streamed, not parsed as JSON).
    app.post(
      "/gallery/posts",
      {
        config: signedIn,
        preHandler: limit(communityLimits.galleryUpload),
        schema: {
          consumes: ["multipart/form-data"],
          multipart: multipartForm("photo", galleryPostFieldsSchema),
          response: { 201: galleryPostSchema },
        },
      },
      async (request, reply) => {
        const form = await readUpload(request);
        const fields = galleryPostFieldsSchema.safeParse(form.fields);
        if (!fields.success) {
          const issue = fields.error.issues[0];
          const field = issue?.path.join(".") || undefined;
          throw new AppError("invalid_input", { field, messageKey: issue && isValidationKey(issue.message) ? issue.message : undefined });
        }
        if (!form.file) throw new AppError("invalid_input", { field: "photo", messageKey: "imageErrors.photoRequired" });
        return reply.status(201).send(await gallery.createPost(context, request.userId!, fields.data, form.file));
      },
    );

    for (const which of ["image", "thumbnail"] as const) {
      app.get(
        `/gallery/posts/:id/${which}`,
        { config: anyone, schema: { params: idParamsSchema, produces: ["image/*"], response: { 200: fileSchema } } },
        async (request, reply) => {
          const file = await gallery.postFile(context, request.params.id, which, {
            isOfficial: async () => {
              const userId = await sessionUserId(sessions, request);
              return userId !== null && (await isOfficial(db, userId));
            },
          });
          return (
            reply
              .type(file.type)
              .header("x-content-type-options", "nosniff")
              .header("content-security-policy", FILE_POLICY)
              .header("content-disposition", "inline")
              .header("cache-control", "private, max-age=300")
              // The schema documents the file; the bytes go out as they are (Fastify never serialises a Buffer).
              .send(file.body as unknown as string)
          );
        },
      );
    }

    // The like's limit is counted by the statement that likes (rate-limit-rules.ts, limitInStatement).
    const like = { config: signedIn, schema: { params: idParamsSchema, response: { 200: likeResultSchema } } };
    const likeLimit = (request: FastifyRequest) => limitInStatement(limiter, config.RATE_LIMIT_SCALE, communityLimits.likes, request);
    app.put("/gallery/posts/:id/like", like, async (request) =>
      gallery.setPostLike(context, request.userId!, request.params.id, true, await likeLimit(request)),
    );
    app.delete("/gallery/posts/:id/like", like, async (request) =>
      gallery.setPostLike(context, request.userId!, request.params.id, false, await likeLimit(request)),
    );

    app.post(
      "/gallery/posts/:id/shares",
      {
        config: anyone,
        preHandler: limit(communityLimits.shares),
        schema: { params: idParamsSchema, response: { 200: z.object({ shares: z.number() }) } },
      },
      async (request) => gallery.countShare(context, request.params.id),
    );

    app.delete(
      "/gallery/posts/:id",
      { config: signedIn, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await gallery.deleteOwnPost(context, request.userId!, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/gallery/posts/:id/reports",
      {
        config: signedIn,
        preHandler: limit(moderationLimits.reports),
        schema: { params: idParamsSchema, body: reportInputSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await reportContent(db, request.userId!, { type: "post", id: request.params.id }, request.body, galleryModeration);
        return { ok: true as const };
      },
    );
  };
