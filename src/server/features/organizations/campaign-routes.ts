import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  campaignActionSchema,
  campaignInputSchema,
  campaignListSchema,
  organizationIdParams,
} from "../../../shared/schemas/organizations.js";
import { changeCampaign, createCampaign, listCampaigns } from "./campaigns-service.js";
import { access, org, campaignParams, created, createdSchema, none } from "./organization-route-parts.js";
import type { HttpDeps } from "../../http/deps.js";

/** Campaigns: a place's highlight on the map for a while. */
export const campaignRoutes =
  ({ db }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${org}/campaigns`,
      { config: access, schema: { params: organizationIdParams, response: { 200: campaignListSchema } } },
      async (request) => ({
        campaigns: await listCampaigns(db, request.userId!, request.params.organizationId),
      }),
    );
    app.post(
      `${org}/campaigns`,
      { config: access, schema: { params: organizationIdParams, body: campaignInputSchema, response: createdSchema } },
      async (request, reply) =>
        reply.status(201).send(created(await createCampaign(db, request.userId!, request.params.organizationId, request.body))),
    );
    app.post(
      `${org}/campaigns/:campaignId`,
      { config: access, schema: { params: campaignParams, body: campaignActionSchema, response: none } },
      async (request, reply) => {
        await changeCampaign(db, request.userId!, request.params.organizationId, request.params.campaignId, request.body.action);
        return reply.status(204).send(null);
      },
    );
  };
