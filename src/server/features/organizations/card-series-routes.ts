import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cardSeriesInputSchema,
  cardSeriesListSchema,
  locationActiveSchema,
  organizationIdParams,
} from "../../../shared/schemas/organizations.js";
import * as places from "./locations-service.js";
import { access, org, seriesParams, created, createdSchema, none } from "./organization-route-parts.js";
import type { HttpDeps } from "../../http/deps.js";

/** Card series: fixed cards and pass-it-on cards. */
export const cardSeriesRoutes =
  ({ db }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${org}/card-series`,
      { config: access, schema: { params: organizationIdParams, response: { 200: cardSeriesListSchema } } },
      async (request) => ({
        series: await places.listCardSeries(db, request.userId!, request.params.organizationId),
      }),
    );
    app.post(
      `${org}/card-series`,
      { config: access, schema: { params: organizationIdParams, body: cardSeriesInputSchema, response: createdSchema } },
      async (request, reply) =>
        reply.status(201).send(created(await places.addCardSeries(db, request.userId!, request.params.organizationId, request.body))),
    );
    app.put(
      `${org}/card-series/:seriesId`,
      { config: access, schema: { params: seriesParams, body: cardSeriesInputSchema, response: none } },
      async (request, reply) => {
        await places.editCardSeries(db, request.userId!, request.params.organizationId, request.params.seriesId, request.body);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `${org}/card-series/:seriesId/active`,
      { config: access, schema: { params: seriesParams, body: locationActiveSchema, response: none } },
      async (request, reply) => {
        await places.setActive(
          db,
          request.userId!,
          "card-series",
          request.params.organizationId,
          request.params.seriesId,
          request.body.isActive,
        );
        return reply.status(204).send(null);
      },
    );
    app.delete(
      `${org}/card-series/:seriesId`,
      { config: access, schema: { params: seriesParams, response: none } },
      async (request, reply) => {
        await places.deleteCodeSource(db, request.userId!, "card-series", request.params.organizationId, request.params.seriesId);
        return reply.status(204).send(null);
      },
    );
  };
