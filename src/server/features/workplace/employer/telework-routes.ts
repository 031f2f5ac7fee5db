import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { inclusionActionInputSchema, teleworkSchema } from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import * as teleworkService from "./telework-service.js";
import { COMPLIANCE_BASE as base, signedIn, part, created, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** Telework: employees working away, and the inclusion actions taken for them. */
export const teleworkRoutes =
  ({ db }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/telework`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: teleworkSchema } } },
      (request) => teleworkService.telework(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/telework/:userId/actions`,
      { config: signedIn, schema: { params: part("userId"), body: inclusionActionInputSchema, response: created } },
      async (request, reply) => {
        const { organizationId, userId } = request.params;
        return reply
          .status(201)
          .send(await teleworkService.addInclusionAction(db, request.userId!, organizationId, userId, request.body.action));
      },
    );
  };
