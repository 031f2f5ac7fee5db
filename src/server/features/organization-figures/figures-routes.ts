import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  interactionsQuerySchema,
  interactionsSchema,
  organizationIdParams,
  periodQuerySchema,
  analyticsSchema,
  engagementSchema,
  summarySchema,
} from "../../../shared/schemas/organizations.js";
import { analytics, engagement, interactions, summary } from "./dashboard-service.js";
import type { HttpDeps } from "../../http/deps.js";

const access = { access: "signed-in" } as const;
const org = "/organizations/:organizationId";

/** The dashboard's figures: summary, analytics, engagement, interactions. */
export const figuresRoutes =
  ({ db }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const period = { params: organizationIdParams, querystring: periodQuerySchema };
    app.get(`${org}/summary`, { config: access, schema: { ...period, response: { 200: summarySchema } } }, (request) =>
      summary(db, request.userId!, request.params.organizationId, request.query.days),
    );
    app.get(`${org}/analytics`, { config: access, schema: { ...period, response: { 200: analyticsSchema } } }, (request) =>
      analytics(db, request.userId!, request.params.organizationId, request.query.days),
    );
    app.get(`${org}/engagement`, { config: access, schema: { ...period, response: { 200: engagementSchema } } }, (request) =>
      engagement(db, request.userId!, request.params.organizationId, request.query.days),
    );
    app.get(
      `${org}/interactions`,
      {
        config: access,
        schema: { params: organizationIdParams, querystring: interactionsQuerySchema, response: { 200: interactionsSchema } },
      },
      (request) => interactions(db, request.userId!, request.params.organizationId, request.query),
    );
  };
