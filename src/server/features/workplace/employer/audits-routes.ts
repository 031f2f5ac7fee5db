import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditInputSchema, auditSchema, auditsSchema } from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import * as auditsService from "./audits-service.js";
import { COMPLIANCE_BASE as base, signedIn, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** Internal audits. */
export const auditsRoutes =
  ({ db }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(`${base}/audits`, { config: signedIn, schema: { params: organizationIdParams, response: { 200: auditsSchema } } }, (request) =>
      auditsService.audits(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/audits`,
      { config: signedIn, schema: { params: organizationIdParams, body: auditInputSchema, response: { 201: auditSchema } } },
      async (request, reply) =>
        reply.status(201).send(await auditsService.submitAudit(db, request.userId!, request.params.organizationId, request.body)),
    );
  };
