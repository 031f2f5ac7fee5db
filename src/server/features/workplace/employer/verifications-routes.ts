import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { responsibleInputSchema, verificationDoneInputSchema, verificationsSchema } from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import * as verificationsService from "./verifications-service.js";
import { COMPLIANCE_BASE as base, signedIn, part, none, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** The schedule of required verifications. */
export const verificationsRoutes =
  ({ db }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/verifications`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: verificationsSchema } } },
      (request) => verificationsService.verificationSchedule(db, request.userId!, request.params.organizationId),
    );
    app.put(
      `${base}/verifications/:verificationId/responsible`,
      { config: signedIn, schema: { params: part("verificationId"), body: responsibleInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, verificationId } = request.params;
        await verificationsService.assignResponsible(db, request.userId!, organizationId, verificationId, request.body.responsiblePerson);
        return reply.status(204).send(null);
      },
    );
    app.post(
      `${base}/verifications/:verificationId/done`,
      { config: signedIn, schema: { params: part("verificationId"), body: verificationDoneInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, verificationId } = request.params;
        await verificationsService.markVerificationDone(db, request.userId!, organizationId, verificationId, request.body.note);
        return reply.status(204).send(null);
      },
    );
  };
