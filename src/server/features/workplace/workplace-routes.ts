import { workplaceLimits } from "./rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileSchema, noContentSchema } from "../../../shared/schemas/responses.js";
import {
  accessStateSchema,
  invitationParamsSchema,
  attemptAnswersSchema,
  drawnAttemptSchema,
  learningGradeSchema,
  legalNameInputSchema,
  legalNameStateSchema,
  moduleAttemptParamsSchema,
  quizAttemptParamsSchema,
  certificateKindParamsSchema,
  challengesSchema,
  committeeSchema,
  feedbackInputSchema,
  moduleParamsSchema,
  policiesSchema,
  quizParamsSchema,
  quizzesStateSchema,
  signedFileQuerySchema,
  surveyResultsSchema,
  surveyStateSchema,
  surveySubmissionSchema,
  trainingProgressSchema,
  unlockInputSchema,
  youSaidWeDidSchema,
} from "../../../shared/schemas/workplace.js";
import { idParamsSchema } from "../../../shared/schemas/community.js";
import type { HttpDeps } from "../../http/deps.js";
import { requestLanguage } from "../../kernel/request-language.js";
import { sendPdf } from "../../http/send-pdf.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { challenges } from "./challenges-service.js";
import { myCertificatePdf } from "./certificates-service.js";
import { sharedSurveyResults, sharedSurveyResultsPdf, submitSurvey, surveyState } from "./climate-survey-service.js";
import { committee, sendFeedback } from "./committee-service.js";
import { legalName, setLegalName } from "./legal-name-service.js";
import { quizzesState, startAttempt, submitAttempt, trainingProgress } from "./learning-service.js";
import { policyFile, listPolicies } from "./policies-service.js";
import { accessState, requireEmployee, unlock } from "./workplace-access-service.js";
import { acceptInvitation, declineInvitation } from "./directory/directory-service.js";
import { remoteWork, setRemoteWork } from "./employer/telework-service.js";
import { youSaidWeDid } from "./you-said-we-did-service.js";
import { remoteWorkInputSchema, remoteWorkSchema } from "../../../shared/schemas/compliance.js";
import { z } from "zod/mini";

/**
 * The employee side of the workplace area. Every route but the access check
 * and the unlock starts from requireEmployee: without access, a 403 and nothing else.
 */
export const workplaceRoutes =
  ({ db, config, limiter, storage, signer }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { access: "signed-in" } as const;
    const none = { 204: noContentSchema };
    const employee = (userId: string | null) => requireEmployee(db, userId!);

    app.get("/workplace/access", { config: signedIn, schema: { response: { 200: accessStateSchema } } }, (request) =>
      accessState(db, request.userId!),
    );
    app.post(
      "/workplace/access",
      {
        config: signedIn,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, workplaceLimits.workplaceUnlock),
        schema: { body: unlockInputSchema, response: { 200: accessStateSchema } },
      },
      (request) => unlock(db, request.userId!, request.body.code),
    );
    // An employer's staff directory listed the person: they say yes (the area opens) or that it is not them.
    app.post(
      "/workplace/invitations/:id/accept",
      { config: signedIn, schema: { params: invitationParamsSchema, response: { 200: accessStateSchema } } },
      async (request) => {
        await acceptInvitation(db, request.userId!, request.params.id);
        return accessState(db, request.userId!);
      },
    );
    app.post(
      "/workplace/invitations/:id/decline",
      { config: signedIn, schema: { params: invitationParamsSchema, response: { 200: accessStateSchema } } },
      async (request) => {
        await declineInvitation(db, request.userId!, request.params.id);
        return accessState(db, request.userId!);
      },
    );

    app.get("/workplace/survey", { config: signedIn, schema: { response: { 200: surveyStateSchema } } }, async (request) =>
      surveyState(db, await employee(request.userId)),
    );
    app.post(
      "/workplace/survey/:id/responses",
      { config: signedIn, schema: { params: idParamsSchema, body: surveySubmissionSchema, response: none } },
      async (request, reply) => {
        await submitSurvey(db, request.userId!, request.params.id, request.body.answers);
        return reply.status(204).send(null);
      },
    );
    app.get("/workplace/survey/results", { config: signedIn, schema: { response: { 200: surveyResultsSchema } } }, async (request) =>
      sharedSurveyResults(db, await employee(request.userId)),
    );
    app.get(
      "/workplace/survey/results.pdf",
      { config: signedIn, schema: { produces: ["application/pdf"], response: { 200: fileSchema } } },
      async (request, reply) => {
        const bytes = await sharedSurveyResultsPdf(db, await employee(request.userId), requestLanguage(request));
        return sendPdf(reply, bytes, "kindly-climate-survey-results.pdf", "attachment");
      },
    );

    app.get("/workplace/training", { config: signedIn, schema: { response: { 200: trainingProgressSchema } } }, async (request) =>
      trainingProgress(db, await employee(request.userId)),
    );
    // An attempt is drawn when it starts and graded once when its answers arrive.
    app.post(
      "/workplace/training/:moduleId/attempts",
      { config: signedIn, schema: { params: moduleParamsSchema, response: { 200: drawnAttemptSchema } } },
      async (request) => startAttempt(db, await employee(request.userId), request.params.moduleId),
    );
    app.post(
      "/workplace/training/:moduleId/attempts/:attemptId/answers",
      {
        config: signedIn,
        schema: { params: moduleAttemptParamsSchema, body: attemptAnswersSchema, response: { 200: learningGradeSchema } },
      },
      async (request) =>
        submitAttempt(db, await employee(request.userId), request.params.moduleId, request.params.attemptId, request.body.answers),
    );

    app.get("/workplace/quizzes", { config: signedIn, schema: { response: { 200: quizzesStateSchema } } }, async (request) =>
      quizzesState(db, await employee(request.userId)),
    );
    app.post(
      "/workplace/quizzes/:quizId/attempts",
      { config: signedIn, schema: { params: quizParamsSchema, response: { 200: drawnAttemptSchema } } },
      async (request) => startAttempt(db, await employee(request.userId), request.params.quizId),
    );
    app.post(
      "/workplace/quizzes/:quizId/attempts/:attemptId/answers",
      { config: signedIn, schema: { params: quizAttemptParamsSchema, body: attemptAnswersSchema, response: { 200: learningGradeSchema } } },
      async (request) =>
        submitAttempt(db, await employee(request.userId), request.params.quizId, request.params.attemptId, request.body.answers),
    );

    // The legal name certificates carry: any signed-in person's (a manager's certificate needs it too).
    app.get("/workplace/legal-name", { config: { access: "signed-in" }, schema: { response: { 200: legalNameStateSchema } } }, (request) =>
      legalName(db, request.userId!),
    );
    app.put(
      "/workplace/legal-name",
      { config: { access: "signed-in" }, schema: { body: legalNameInputSchema, response: { 200: legalNameStateSchema } } },
      (request) => setLegalName(db, request.userId!, request.body),
    );

    app.get(
      "/workplace/certificates/:kind",
      { config: signedIn, schema: { params: certificateKindParamsSchema, produces: ["application/pdf"], response: { 200: fileSchema } } },
      async (request, reply) => {
        const me = await employee(request.userId);
        const file = await myCertificatePdf({ db, storage }, config.APP_URL, me, request.params.kind, requestLanguage(request));
        return sendPdf(reply, file.bytes, file.fileName, "attachment");
      },
    );

    app.get("/workplace/policies", { config: signedIn, schema: { response: { 200: policiesSchema } } }, async (request) =>
      listPolicies(db, signer, await employee(request.userId)),
    );
    // Opened in a new tab, without the session: the signature is the permission, for one hour.
    app.get(
      "/workplace/policy-files/:id",
      {
        config: { access: "anyone" },
        schema: {
          params: idParamsSchema,
          querystring: signedFileQuerySchema,
          produces: ["application/pdf"],
          response: { 200: fileSchema },
        },
      },
      async (request, reply) => {
        const file = await policyFile(db, storage, signer, request.params.id, request.query);
        return sendPdf(reply, file.body, file.fileName, "inline");
      },
    );

    app.get("/workplace/challenges", { config: signedIn, schema: { response: { 200: challengesSchema } } }, async (request) =>
      challenges(db, await employee(request.userId)),
    );

    app.get("/workplace/telework", { config: signedIn, schema: { response: { 200: remoteWorkSchema } } }, async (request) =>
      remoteWork(db, await employee(request.userId)),
    );
    app.put(
      "/workplace/telework",
      { config: signedIn, schema: { body: remoteWorkInputSchema, response: { 200: remoteWorkSchema } } },
      async (request) => setRemoteWork(db, await employee(request.userId), request.body.remote),
    );

    app.get("/workplace/you-said-we-did", { config: signedIn, schema: { response: { 200: youSaidWeDidSchema } } }, async (request) =>
      youSaidWeDid(db, await employee(request.userId)),
    );
    app.get("/workplace/committee", { config: signedIn, schema: { response: { 200: committeeSchema } } }, async (request) =>
      committee(db, await employee(request.userId)),
    );
    app.post(
      "/workplace/committee/feedback",
      { config: signedIn, schema: { body: feedbackInputSchema, response: { 201: z.object({ ok: z.literal(true) }) } } },
      async (request, reply) => {
        await sendFeedback(db, await employee(request.userId), request.body);
        return reply.status(201).send({ ok: true });
      },
    );
  };
