import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  openSurveyInputSchema,
  periodFiguresSchema,
  surveyAdminSchema,
  surveySharingInputSchema,
} from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import * as surveys from "./survey-admin-service.js";
import { COMPLIANCE_BASE as base, signedIn, part, none, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** The employer's climate surveys: open, close, share and read a period's results. */
export const surveyAdminRoutes =
  ({ db, notifier }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/surveys`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: surveyAdminSchema } } },
      (request) => surveys.surveyAdmin(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/surveys`,
      {
        config: signedIn,
        schema: { params: organizationIdParams, body: openSurveyInputSchema, response: { 201: z.object({ surveyId: z.string() }) } },
      },
      async (request, reply) =>
        reply.status(201).send(await surveys.openSurvey({ db, notifier }, request.userId!, request.params.organizationId, request.body)),
    );
    app.post(
      `${base}/surveys/:surveyId/close`,
      { config: signedIn, schema: { params: part("surveyId"), response: none } },
      async (request, reply) => {
        await surveys.closeSurvey(db, request.userId!, request.params.organizationId, request.params.surveyId);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `${base}/surveys/:surveyId/sharing`,
      { config: signedIn, schema: { params: part("surveyId"), body: surveySharingInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, surveyId } = request.params;
        await surveys.setResultsSharing(db, request.userId!, organizationId, surveyId, request.body.resultsShared);
        return reply.status(204).send(null);
      },
    );
    app.get(
      `${base}/surveys/:surveyId/results`,
      { config: signedIn, schema: { params: part("surveyId"), response: { 200: periodFiguresSchema } } },
      (request) => surveys.periodResults(db, request.userId!, request.params.organizationId, request.params.surveyId),
    );
  };
