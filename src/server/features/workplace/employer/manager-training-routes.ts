import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { managerAttemptParamsSchema, managerTrainingSchema } from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { fileSchema } from "../../../../shared/schemas/responses.js";
import { attemptAnswersSchema, drawnAttemptSchema, learningGradeSchema } from "../../../../shared/schemas/workplace.js";
import { requestLanguage } from "../../../kernel/request-language.js";
import { sendPdf } from "../../../http/send-pdf.js";
import * as manager from "./manager-training-service.js";
import { COMPLIANCE_BASE as base, signedIn, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** The managers' training: its quiz attempts and its certificate. */
export const managerTrainingRoutes =
  ({ db, config, storage }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/manager-training`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: managerTrainingSchema } } },
      (request) => manager.managerTraining(db, request.userId!, request.params.organizationId),
    );
    // Like the employees' quizzes: an attempt is drawn when it starts and graded once when its answers arrive.
    app.post(
      `${base}/manager-training/attempts`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: drawnAttemptSchema } } },
      (request) => manager.startManagerAttempt(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/manager-training/attempts/:attemptId/answers`,
      {
        config: signedIn,
        schema: { params: managerAttemptParamsSchema, body: attemptAnswersSchema, response: { 200: learningGradeSchema } },
      },
      (request) =>
        manager.submitManagerAttempt(db, request.userId!, request.params.organizationId, request.params.attemptId, request.body.answers),
    );
    app.get(
      `${base}/manager-training/certificate.pdf`,
      { config: signedIn, schema: { params: organizationIdParams, produces: ["application/pdf"], response: { 200: fileSchema } } },
      async (request, reply) => {
        const file = await manager.managerCertificatePdf(
          { db, storage },
          config.APP_URL,
          request.userId!,
          request.params.organizationId,
          requestLanguage(request),
        );
        return sendPdf(reply, file.bytes, file.fileName, "attachment");
      },
    );
  };
