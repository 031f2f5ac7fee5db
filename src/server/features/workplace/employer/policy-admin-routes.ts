import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { multipartForm } from "../../../http/openapi-document.js";
import { employerPoliciesSchema } from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { requireComplianceAccess } from "./compliance-access.js";
import * as policies from "./policy-admin-service.js";
import { COMPLIANCE_BASE as base, signedIn, part, created, none, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** The employer's policies: list, upload (a PDF checked by its content), delete. */
export const policyAdminRoutes =
  ({ db, storage, signer }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/policies`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: employerPoliciesSchema } } },
      (request) => policies.employerPolicies(db, signer, request.userId!, request.params.organizationId),
    );
    // Multipart: documented here, read by policy-upload.ts (the file is checked by its content).
    app.post(
      `${base}/policies`,
      {
        config: signedIn,
        schema: { params: organizationIdParams, consumes: ["multipart/form-data"], multipart: multipartForm("file"), response: created },
      },
      async (request, reply) => {
        // Who asks is checked before the upload is read: nobody else's file is ever parsed.
        await requireComplianceAccess(db, request.userId!, request.params.organizationId);
        const { readPolicyUpload } = await import("./policy-upload.js");
        const file = await readPolicyUpload(request);
        return reply.status(201).send(await policies.uploadPolicy({ db, storage }, request.userId!, request.params.organizationId, file));
      },
    );
    app.delete(
      `${base}/policies/:policyId`,
      { config: signedIn, schema: { params: part("policyId"), response: none } },
      async (request, reply) => {
        await policies.deletePolicy({ db, storage }, request.userId!, request.params.organizationId, request.params.policyId);
        return reply.status(204).send(null);
      },
    );
  };
