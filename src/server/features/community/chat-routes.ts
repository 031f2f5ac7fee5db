import { communityLimits } from "./rate-limits.js";
import { moderationLimits } from "../moderation/index.js";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  chatMessageInputSchema,
  chatMessageSchema,
  chatPageSchema,
  chatStatsSchema,
  idParamsSchema,
  likeResultSchema,
  pageQuerySchema,
  reportInputSchema,
} from "../../../shared/schemas/community.js";
import { noContentSchema, okSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import { sessionUserId } from "../sessions/index.js";
import { createEventCache } from "../../platform/live/event-cache.js";
import type { MessageRow } from "./chat-repository.js";
import { reportContent } from "../moderation/index.js";
import { chatModeration } from "./moderated-content.js";
import { limitInStatement, rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { chatPage, chatStats, deleteOwnMessage, sendMessage, setMessageLike } from "./chat-service.js";

const anyone = { access: "anyone" } as const;
const signedIn = { access: "signed-in" } as const;

/**
 * The community chat. Reads go to the primary, not a replica: a browser
 * refetches the moment the events stream says a message arrived, and a
 * replica may not have it yet.
 */
export const chatRoutes =
  ({ db, sessions, eventsChannel, limiter, config, live }: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const context = { db, eventsChannel };
    const newest = createEventCache<MessageRow[]>(live, "chat");
    // Counted by the statement that likes (rate-limit-rules.ts, limitInStatement).
    const likeLimit = (request: FastifyRequest) => limitInStatement(limiter, config.RATE_LIMIT_SCALE, communityLimits.likes, request);
    // After any change made here (a message, a like, a deletion), this process's next read must show
    // it, even before the database's event reaches this process (events from elsewhere clear it too).
    app.addHook("onSend", async (request, reply, payload) => {
      if (request.method !== "GET" && reply.statusCode < 400) newest.clear();
      return payload;
    });

    app.get(
      "/chat/messages",
      { config: anyone, schema: { querystring: pageQuerySchema, response: { 200: chatPageSchema } } },
      async (request) => chatPage(db, await sessionUserId(sessions, request), request.query.before, newest),
    );

    app.get("/chat/stats", { config: anyone, schema: { response: { 200: chatStatsSchema } } }, async () => chatStats(db));

    app.post(
      "/chat/messages",
      // Its limit is counted by the statement that posts (rate-limit-rules.ts, limitInStatement).
      { config: signedIn, schema: { body: chatMessageInputSchema, response: { 201: chatMessageSchema } } },
      async (request, reply) => {
        const limit = await limitInStatement(limiter, config.RATE_LIMIT_SCALE, communityLimits.chatMessage, request);
        return reply.status(201).send(await sendMessage(context, request.userId!, request.body.body, limit));
      },
    );

    app.put(
      "/chat/messages/:id/like",
      { config: signedIn, schema: { params: idParamsSchema, response: { 200: likeResultSchema } } },
      async (request) => setMessageLike(context, request.userId!, request.params.id, true, await likeLimit(request)),
    );

    app.delete(
      "/chat/messages/:id/like",
      { config: signedIn, schema: { params: idParamsSchema, response: { 200: likeResultSchema } } },
      async (request) => setMessageLike(context, request.userId!, request.params.id, false, await likeLimit(request)),
    );

    app.delete(
      "/chat/messages/:id",
      { config: signedIn, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await deleteOwnMessage(context, request.userId!, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/chat/messages/:id/reports",
      {
        config: signedIn,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, moderationLimits.reports),
        schema: { params: idParamsSchema, body: reportInputSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await reportContent(db, request.userId!, { type: "message", id: request.params.id }, request.body, chatModeration);
        return { ok: true as const };
      },
    );
  };
