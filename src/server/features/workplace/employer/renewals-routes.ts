import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { certificateRenewalsSchema, validityInputSchema } from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { certificateCodeParamsSchema } from "../../../../shared/schemas/workplace.js";
import * as renewals from "./renewals-service.js";
import { COMPLIANCE_BASE as base, signedIn, none, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** Certificates: how long they stay valid, renewals, withdrawal. */
export const renewalsRoutes =
  ({ db }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/certificates`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: certificateRenewalsSchema } } },
      (request) => renewals.certificateRenewals(db, request.userId!, request.params.organizationId),
    );
    app.put(
      `${base}/certificates/validity`,
      { config: signedIn, schema: { params: organizationIdParams, body: validityInputSchema, response: none } },
      async (request, reply) => {
        await renewals.setValidity(db, request.userId!, request.params.organizationId, request.body);
        return reply.status(204).send(null);
      },
    );
    app.post(
      `${base}/certificates/:code/withdrawal`,
      {
        config: signedIn,
        schema: { params: z.object({ ...organizationIdParams.shape, ...certificateCodeParamsSchema.shape }), response: none },
      },
      async (request, reply) => {
        await renewals.withdrawCertificate(db, request.userId!, request.params.organizationId, request.params.code);
        return reply.status(204).send(null);
      },
    );
  };
