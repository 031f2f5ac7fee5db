import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  locationActiveSchema,
  locationInputSchema,
  locationListSchema,
  locationPageQuerySchema,
  organizationIdParams,
} from "../../../shared/schemas/organizations.js";
import * as places from "./locations-service.js";
import { access, org, locationParams, created, createdSchema, none } from "./organization-route-parts.js";
import type { HttpDeps } from "../../http/deps.js";

/** Places and their totals, a page at a time. */
export const locationRoutes =
  ({ db }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${org}/locations`,
      {
        config: access,
        schema: { params: organizationIdParams, querystring: locationPageQuerySchema, response: { 200: locationListSchema } },
      },
      (request) => places.listLocations(db, request.userId!, request.params.organizationId, request.query.after),
    );
    app.post(
      `${org}/locations`,
      { config: access, schema: { params: organizationIdParams, body: locationInputSchema, response: createdSchema } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            created(
              await places.addLocation(db, request.userId!, request.params.organizationId, request.body as Required<typeof request.body>),
            ),
          ),
    );
    app.put(
      `${org}/locations/:locationId`,
      { config: access, schema: { params: locationParams, body: locationInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, locationId } = request.params;
        await places.editLocation(db, request.userId!, organizationId, locationId, request.body as Required<typeof request.body>);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `${org}/locations/:locationId/active`,
      { config: access, schema: { params: locationParams, body: locationActiveSchema, response: none } },
      async (request, reply) => {
        await places.setActive(
          db,
          request.userId!,
          "location",
          request.params.organizationId,
          request.params.locationId,
          request.body.isActive,
        );
        return reply.status(204).send(null);
      },
    );
    app.delete(
      `${org}/locations/:locationId`,
      { config: access, schema: { params: locationParams, response: none } },
      async (request, reply) => {
        await places.deleteCodeSource(db, request.userId!, "location", request.params.organizationId, request.params.locationId);
        return reply.status(204).send(null);
      },
    );
  };
