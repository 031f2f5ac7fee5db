import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  calendarFeedParamsSchema,
  calendarLinkSchema,
  committeeAdminSchema,
  endTermInputSchema,
  feedbackReplyInputSchema,
  meetingInputSchema,
  memberInputSchema,
} from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { requestLanguage } from "../../../kernel/request-language.js";
import { sendCalendar } from "../../../http/send-calendar.js";
import * as calendar from "./committee-calendar-service.js";
import * as committee from "./committee-admin-service.js";
import { COMPLIANCE_BASE as base, signedIn, part, created, none, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** The health and safety committee: members and their terms, meetings and their calendars, replies to feedback. */
export const committeeAdminRoutes =
  ({ db, config }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
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
  };
