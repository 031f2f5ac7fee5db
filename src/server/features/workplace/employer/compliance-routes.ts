import { multipartForm } from "../../../http/openapi-document.js";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  actionInputSchema,
  actionPlanSchema,
  actionTransitionSchema,
  auditInputSchema,
  auditSchema,
  auditsSchema,
  calendarFeedParamsSchema,
  certificateRenewalsSchema,
  calendarLinkSchema,
  committeeAdminSchema,
  employerPoliciesSchema,
  endTermInputSchema,
  feedbackReplyInputSchema,
  inclusionActionInputSchema,
  managerAttemptParamsSchema,
  managerTrainingSchema,
  meetingInputSchema,
  memberInputSchema,
  openSurveyInputSchema,
  periodFiguresSchema,
  publicationInputSchema,
  POLICY_MAX_BYTES,
  reportQuerySchema,
  responsibleInputSchema,
  surveyAdminSchema,
  surveySharingInputSchema,
  teleworkSchema,
  validityInputSchema,
  verificationDoneInputSchema,
  verificationsSchema,
} from "../../../../shared/schemas/compliance.js";
import { idParam, organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { fileSchema, noContentSchema } from "../../../../shared/schemas/responses.js";
import { attemptAnswersSchema, drawnAttemptSchema, learningGradeSchema } from "../../../../shared/schemas/workplace.js";
import { certificateCodeParamsSchema } from "../../../../shared/schemas/workplace.js";
import type { HttpDeps } from "../../../http/deps.js";
import type { NotifierDeps } from "../../notifications/index.js";
import { requestLanguage } from "../../../kernel/request-language.js";
import { sendPdf } from "../../../http/send-pdf.js";
import { sendCalendar } from "../../../http/send-calendar.js";
import * as calendar from "./committee-calendar-service.js";
import * as actionPlan from "./action-plan-service.js";
import * as auditsService from "./audits-service.js";
import { requireComplianceAccess } from "./compliance-access.js";
import * as committee from "./committee-admin-service.js";
import * as manager from "./manager-training-service.js";
import * as policies from "./policy-admin-service.js";
import * as renewals from "./renewals-service.js";
import { complianceReport } from "./report-service.js";
import * as surveys from "./survey-admin-service.js";
import * as teleworkService from "./telework-service.js";
import * as verificationsService from "./verifications-service.js";

/** The organisation's id and one of its records' ids. */
const part = <K extends string>(name: K) =>
  z.object({ ...organizationIdParams.shape, ...({ [name]: idParam() } as Record<K, ReturnType<typeof idParam>>) });
const created = { 201: z.object({ id: z.string() }) };
const none = { 204: noContentSchema };

/**
 * The dashboard's "Workplace well-being" tabs: for the
 * organisation's members and the official account (compliance-access.ts).
 * Routes are thin: schema, one service call; every service checks access first.
 */
export const complianceRoutes =
  (deps: HttpDeps & NotifierDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, storage, signer, notifier } = deps;
    const signedIn = { access: "signed-in" } as const;
    const base = "/organizations/:organizationId/compliance";
    await app.register(fastifyMultipart, {
      // One PDF; a byte more than 5 MB cuts the file off and it is refused.
      limits: { fileSize: POLICY_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 100 },
    });

    // Surveys.
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

    // Committee.
    app.get(
      `${base}/committee`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: committeeAdminSchema } } },
      (request) => committee.committeeAdmin(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/committee/members`,
      { config: signedIn, schema: { params: organizationIdParams, body: memberInputSchema, response: created } },
      async (request, reply) =>
        reply.status(201).send(await committee.addMember(db, request.userId!, request.params.organizationId, request.body)),
    );
    app.put(
      `${base}/committee/members/:memberId`,
      { config: signedIn, schema: { params: part("memberId"), body: memberInputSchema, response: none } },
      async (request, reply) => {
        await committee.editMember(db, request.userId!, request.params.organizationId, request.params.memberId, request.body);
        return reply.status(204).send(null);
      },
    );
    app.post(
      `${base}/committee/members/:memberId/end-term`,
      { config: signedIn, schema: { params: part("memberId"), body: endTermInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, memberId } = request.params;
        await committee.endMemberTerm(db, request.userId!, organizationId, memberId, request.body.termEndDate);
        return reply.status(204).send(null);
      },
    );
    app.post(
      `${base}/committee/meetings`,
      { config: signedIn, schema: { params: organizationIdParams, body: meetingInputSchema, response: created } },
      async (request, reply) =>
        reply.status(201).send(await committee.recordMeeting(db, request.userId!, request.params.organizationId, request.body)),
    );
    app.put(
      `${base}/committee/meetings/:meetingId`,
      { config: signedIn, schema: { params: part("meetingId"), body: meetingInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, meetingId } = request.params;
        await committee.editMeeting(db, request.userId!, organizationId, meetingId, request.body);
        return reply.status(204).send(null);
      },
    );
    app.post(
      `${base}/committee/meetings/:meetingId/cancel`,
      { config: signedIn, schema: { params: part("meetingId"), response: none } },
      async (request, reply) => {
        await committee.cancelMeeting(db, request.userId!, request.params.organizationId, request.params.meetingId);
        return reply.status(204).send(null);
      },
    );
    app.get(
      `${base}/committee/meetings/:meetingId/calendar.ics`,
      { config: signedIn, schema: { params: part("meetingId"), produces: ["text/calendar"], response: { 200: z.string() } } },
      async (request, reply) => {
        const { organizationId, meetingId } = request.params;
        const text = await calendar.meetingCalendar(
          db,
          config.APP_URL,
          request.userId!,
          organizationId,
          meetingId,
          requestLanguage(request),
        );
        return sendCalendar(reply, text, "meeting.ics", "attachment");
      },
    );
    app.post(
      `${base}/committee/members/:memberId/calendar-link`,
      { config: signedIn, schema: { params: part("memberId"), response: { 201: calendarLinkSchema } } },
      async (request, reply) => {
        const { organizationId, memberId } = request.params;
        const link = await calendar.createCalendarLink(
          db,
          config.APP_URL,
          request.userId!,
          organizationId,
          memberId,
          requestLanguage(request),
        );
        return reply.status(201).send(link);
      },
    );
    app.delete(
      `${base}/committee/members/:memberId/calendar-link`,
      { config: signedIn, schema: { params: part("memberId"), response: none } },
      async (request, reply) => {
        await calendar.revokeCalendarLink(db, request.userId!, request.params.organizationId, request.params.memberId);
        return reply.status(204).send(null);
      },
    );
    // A member's calendar application reads this without a session: the unguessable address is the permission.
    app.get(
      "/calendar/:feed",
      {
        config: { access: "anyone" },
        schema: { params: calendarFeedParamsSchema, produces: ["text/calendar"], response: { 200: z.string() } },
      },
      async (request, reply) =>
        sendCalendar(reply, await calendar.committeeFeed(db, config.APP_URL, request.params.feed), "committee.ics", "inline"),
    );
    app.put(
      `${base}/committee/feedback/:feedbackId`,
      { config: signedIn, schema: { params: part("feedbackId"), body: feedbackReplyInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, feedbackId } = request.params;
        await committee.replyToFeedback(db, request.userId!, organizationId, feedbackId, request.body);
        return reply.status(204).send(null);
      },
    );

    // Action plan.
    app.get(
      `${base}/actions`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: actionPlanSchema } } },
      (request) => actionPlan.actionPlan(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/actions`,
      { config: signedIn, schema: { params: organizationIdParams, body: actionInputSchema, response: created } },
      async (request, reply) =>
        reply.status(201).send(await actionPlan.createAction(db, request.userId!, request.params.organizationId, request.body)),
    );
    app.put(
      `${base}/actions/:actionId`,
      { config: signedIn, schema: { params: part("actionId"), body: actionInputSchema, response: none } },
      async (request, reply) => {
        await actionPlan.editAction(db, request.userId!, request.params.organizationId, request.params.actionId, request.body);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `${base}/actions/:actionId/status`,
      { config: signedIn, schema: { params: part("actionId"), body: actionTransitionSchema, response: none } },
      async (request, reply) => {
        await actionPlan.moveAction(db, request.userId!, request.params.organizationId, request.params.actionId, request.body.status);
        return reply.status(204).send(null);
      },
    );
    app.delete(
      `${base}/actions/:actionId`,
      { config: signedIn, schema: { params: part("actionId"), response: none } },
      async (request, reply) => {
        await actionPlan.deleteAction(db, request.userId!, request.params.organizationId, request.params.actionId);
        return reply.status(204).send(null);
      },
    );
    // "You said, we did": an action answering a red flag, published to employees in the employer's words.
    app.put(
      `${base}/actions/:actionId/publication`,
      { config: signedIn, schema: { params: part("actionId"), body: publicationInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, actionId } = request.params;
        await actionPlan.publishAction(db, request.userId!, organizationId, actionId, request.body.text);
        return reply.status(204).send(null);
      },
    );
    app.delete(
      `${base}/actions/:actionId/publication`,
      { config: signedIn, schema: { params: part("actionId"), response: none } },
      async (request, reply) => {
        await actionPlan.unpublishAction(db, request.userId!, request.params.organizationId, request.params.actionId);
        return reply.status(204).send(null);
      },
    );

    // Policies.
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

    // Verifications.
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

    // Internal audit.
    app.get(`${base}/audits`, { config: signedIn, schema: { params: organizationIdParams, response: { 200: auditsSchema } } }, (request) =>
      auditsService.audits(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/audits`,
      { config: signedIn, schema: { params: organizationIdParams, body: auditInputSchema, response: { 201: auditSchema } } },
      async (request, reply) =>
        reply.status(201).send(await auditsService.submitAudit(db, request.userId!, request.params.organizationId, request.body)),
    );

    // Manager training.
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

    // Certificates: validity and renewals.
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

    // Telework.
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

    // Reports.
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
