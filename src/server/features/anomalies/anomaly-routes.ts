import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_PAGE_SIZE } from "../../../shared/schemas/admin.js";
import {
  anomalyListSchema,
  anomalyParamsSchema,
  anomalyQuerySchema,
  flaggedActsSchema,
  reviewInputSchema,
} from "../../../shared/schemas/anomalies.js";
import { noContentSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import * as anomalies from "./anomaly-service.js";

const official = { access: "official" } as const;

/** The admin panel's Review tab: unusual scan patterns, and voiding acts (official account only). */
export const anomalyRoutes =
  (deps: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      "/admin/anomalies",
      { config: official, schema: { querystring: anomalyQuerySchema, response: { 200: anomalyListSchema } } },
      async (request) => ({
        page: request.query.page,
        ...(await anomalies.listFlags(db, { ...request.query, pageSize: ADMIN_PAGE_SIZE })),
      }),
    );
    app.get(
      "/admin/anomalies/:flagId/acts",
      { config: official, schema: { params: anomalyParamsSchema, response: { 200: flaggedActsSchema } } },
      async (request) => ({ acts: await anomalies.actsOfFlag(db, request.params.flagId) }),
    );
    app.post(
      "/admin/anomalies/:flagId/review",
      { config: official, schema: { params: anomalyParamsSchema, body: reviewInputSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await anomalies.reviewFlag(db, request.userId!, request.params.flagId, request.body);
        return reply.status(204).send(null);
      },
    );
  };
