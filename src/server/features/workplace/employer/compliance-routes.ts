import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { POLICY_MAX_BYTES } from "../../../../shared/schemas/compliance.js";
import type { ComplianceRouteDeps } from "./compliance-route-parts.js";
import { actionPlanRoutes } from "./action-plan-routes.js";
import { auditsRoutes } from "./audits-routes.js";
import { committeeAdminRoutes } from "./committee-admin-routes.js";
import { managerTrainingRoutes } from "./manager-training-routes.js";
import { policyAdminRoutes } from "./policy-admin-routes.js";
import { renewalsRoutes } from "./renewals-routes.js";
import { reportRoutes } from "./report-routes.js";
import { surveyAdminRoutes } from "./survey-admin-routes.js";
import { teleworkRoutes } from "./telework-routes.js";
import { verificationsRoutes } from "./verifications-routes.js";

/**
 * The dashboard's "Workplace well-being" tabs: for the organisation's members
 * and the official account (compliance-access.ts). One file of routes per tab;
 * routes are thin: schema, one service call; every service checks access first.
 */
export const complianceRoutes =
  (deps: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      // One PDF (a policy); a byte more than 5 MB cuts the file off and it is refused.
      limits: { fileSize: POLICY_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 100 },
    });
    for (const tab of [
      surveyAdminRoutes,
      committeeAdminRoutes,
      actionPlanRoutes,
      policyAdminRoutes,
      verificationsRoutes,
      auditsRoutes,
      managerTrainingRoutes,
      renewalsRoutes,
      teleworkRoutes,
      reportRoutes,
    ]) {
      await app.register(tab(deps));
    }
  };
