import { organizationsLimits } from "./rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  idParam,
  inviteAnswerSchema,
  inviteMemberSchema,
  invitationPreviewSchema,
  MEMBER_ROLES,
  membersSchema,
  organizationIdParams,
} from "../../../shared/schemas/organizations.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { cancelInvitation, changeMember, inviteMember, membersOf, previewInvitation } from "./membership-service.js";
import { access, org, memberParams, invitationParams, none } from "./organization-route-parts.js";
import type { HttpDeps } from "../../http/deps.js";

/** Members and invitations. */
export const membershipRoutes =
  ({ db, mailer, config, limiter }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Members and invitations. An invitation's emailed link opens sign-up with its address, signed out:
    // the id is random (122 bits), known only to the invitee's mailbox and the organisation's managers.
    app.get(
      "/invitations/:invitationId",
      {
        config: { access: "anyone" },
        schema: { params: z.object({ invitationId: idParam() }), response: { 200: invitationPreviewSchema } },
      },
      (request) => previewInvitation(db, request.params.invitationId),
    );
    app.get(`${org}/members`, { config: access, schema: { params: organizationIdParams, response: { 200: membersSchema } } }, (request) =>
      membersOf(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${org}/members`,
      {
        config: access,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, organizationsLimits.organizationInvite),
        schema: { params: organizationIdParams, body: inviteMemberSchema, response: { 200: inviteAnswerSchema } },
      },
      (request) =>
        inviteMember(
          { db, mailer, appUrl: config.APP_URL },
          request.userId!,
          request.params.organizationId,
          request.body.email,
          request.body.role,
        ),
    );
    app.put(
      `${org}/members/:memberId`,
      { config: access, schema: { params: memberParams, body: z.object({ role: z.enum(MEMBER_ROLES) }), response: none } },
      async (request, reply) => {
        await changeMember(db, request.userId!, request.params.organizationId, request.params.memberId, { role: request.body.role });
        return reply.status(204).send(null);
      },
    );
    app.delete(`${org}/members/:memberId`, { config: access, schema: { params: memberParams, response: none } }, async (request, reply) => {
      await changeMember(db, request.userId!, request.params.organizationId, request.params.memberId, { remove: true });
      return reply.status(204).send(null);
    });
    app.delete(
      `${org}/invitations/:invitationId`,
      { config: access, schema: { params: invitationParams, response: none } },
      async (request, reply) => {
        await cancelInvitation(db, request.userId!, request.params.organizationId, request.params.invitationId);
        return reply.status(204).send(null);
      },
    );
  };
