import { organizationsLimits } from "./rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  approveRequestAnswerSchema,
  declineRequestSchema,
  idParam,
  organizationRequestListSchema,
  organizationRequestSchema,
  requestListQuerySchema,
} from "../../../shared/schemas/organizations.js";
import { noContentSchema, okSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import { requestLanguage } from "../../kernel/request-language.js";
import { sessionUserId } from "../sessions/index.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { approveRequest, declineRequest, listRequests, myRequests, submitRequest } from "./organization-requests-service.js";

/** Registration requests: anyone sends one; the official account decides (the admin panel's Requests tab). */
export const organizationRequestRoutes =
  ({ db, mailer, config, sessions, limiter }: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db, mailer, appUrl: config.APP_URL, supportEmail: config.SUPPORT_EMAIL };
    const official = { access: "official" } as const;
    const signedIn = { access: "signed-in" } as const;
    const requestParams = z.object({ requestId: idParam() });

    app.post(
      "/organization-requests",
      {
        config: { access: "anyone" },
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, organizationsLimits.organizationRequest),
        schema: { body: organizationRequestSchema, response: { 201: okSchema } },
      },
      async (request, reply) => {
        const body = request.body as Required<typeof request.body>;
        await submitRequest(deps, body, await sessionUserId(sessions, request), requestLanguage(request));
        return reply.status(201).send({ ok: true });
      },
    );

    app.get(
      "/organization-requests/mine",
      { config: signedIn, schema: { response: { 200: organizationRequestListSchema } } },
      async (request) => ({
        requests: await myRequests(db, request.userId!),
      }),
    );

    app.get(
      "/admin/organization-requests",
      { config: official, schema: { querystring: requestListQuerySchema, response: { 200: organizationRequestListSchema } } },
      async (request) => ({ requests: await listRequests(db, request.query.status) }),
    );

    app.post(
      "/admin/organization-requests/:requestId/approve",
      { config: official, schema: { params: requestParams, response: { 200: approveRequestAnswerSchema } } },
      (request) => approveRequest(deps, request.userId!, request.params.requestId),
    );

    app.post(
      "/admin/organization-requests/:requestId/decline",
      { config: official, schema: { params: requestParams, body: declineRequestSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await declineRequest(deps, request.userId!, request.params.requestId, request.body.reason);
        return reply.status(204).send(null);
      },
    );
  };
