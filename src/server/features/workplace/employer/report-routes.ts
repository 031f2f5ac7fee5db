import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { reportQuerySchema } from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { fileSchema } from "../../../../shared/schemas/responses.js";
import { requestLanguage } from "../../../kernel/request-language.js";
import { sendPdf } from "../../../http/send-pdf.js";
import { complianceReport } from "./report-service.js";
import { COMPLIANCE_BASE as base, signedIn, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** The compliance and CNESST reports, as PDF. */
export const reportRoutes =
  ({ db }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of ["compliance", "cnesst"] as const) {
      app.get(
        `${base}/reports/${kind}.pdf`,
        {
          config: signedIn,
          schema: {
            params: organizationIdParams,
            querystring: reportQuerySchema,
            produces: ["application/pdf"],
            response: { 200: fileSchema },
          },
        },
        async (request, reply) => {
          const file = await complianceReport(
            db,
            request.userId!,
            request.params.organizationId,
            kind,
            request.query,
            requestLanguage(request),
          );
          return sendPdf(reply, file.bytes, file.fileName, "attachment");
        },
      );
    }
  };
