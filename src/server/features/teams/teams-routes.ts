import { teamsLimits } from "./rate-limits.js";
import { moderationLimits } from "../moderation/index.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { reportInputSchema } from "../../../shared/schemas/community.js";
import { noContentSchema, okSchema } from "../../../shared/schemas/responses.js";
import {
  createdTeamSchema,
  createTeamInputSchema,
  handOverInputSchema,
  inviteInputSchema,
  joinByInviteInputSchema,
  memberNameInputSchema,
  invitePathSchema,
  joinedTeamSchema,
  joinTeamInputSchema,
  myTeamsSchema,
  organizationTeamsSchema,
  renameTeamInputSchema,
  teamMemberParamsSchema,
  teamParamsSchema,
  teamPasswordInputSchema,
  teamSchema,
  teamTargetInputSchema,
} from "../../../shared/schemas/teams.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import { requestLanguage } from "../../kernel/request-language.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { reportContent } from "../moderation/index.js";
import { teamModeration } from "./moderated-content.js";
import { requireOrganizationAccess } from "../organizations/index.js";
import { organizationIdParams } from "../../../shared/schemas/organizations.js";
import { passwordHashing } from "../../platform/secrets/password-hashing.js";
import * as teams from "./teams-service.js";

const ok = { ok: true as const };

/** Walking and work teams (issue 43 §1): anyone sees a team; members and owners act on it. */
export const teamsRoutes =
  ({ db, signer, sessions, limiter, config }: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { access: "signed-in" } as const;
    const deps = { db, signer, passwords: passwordHashing(config.PASSWORD_HASH_COST) };
    // A name the official account hid, in the reader's language.
    const hiddenName = (request: FastifyRequest) => (code: string) => translate(requestLanguage(request), "teamNames.hidden", { code });

    app.post(
      "/teams",
      { config: signedIn, schema: { body: createTeamInputSchema, response: { 201: createdTeamSchema } } },
      async (request, reply) => reply.status(201).send(await teams.createTeam(deps, request.userId!, request.body)),
    );

    app.post(
      "/teams/join",
      {
        config: signedIn,
        preHandler: rateLimit(
          limiter,
          config.RATE_LIMIT_SCALE,
          teamsLimits.teamPassword,
          teamsLimits.teamPasswordByIp,
          teamsLimits.teamPasswordByTeam,
        ),
        schema: { body: joinTeamInputSchema, response: { 200: joinedTeamSchema } },
      },
      (request) => teams.joinWithPassword(deps, request.userId!, request.body),
    );

    app.get(
      "/teams/invites/:invite",
      { config: { access: "anyone" }, schema: { params: inviteInputSchema, response: { 200: joinedTeamSchema } } },
      (request) => teams.previewInvite(deps, request.params.invite, hiddenName(request)),
    );

    app.post(
      "/teams/join-by-invite",
      { config: signedIn, schema: { body: joinByInviteInputSchema, response: { 200: joinedTeamSchema } } },
      (request) => teams.joinWithInvite(deps, request.userId!, request.body.invite, request.body.memberName ?? null),
    );

    // The name a member goes by in the team, changed by them only.
    app.put(
      "/teams/:id/me",
      { config: signedIn, schema: { params: teamParamsSchema, body: memberNameInputSchema, response: { 200: okSchema } } },
      async (request) => {
        await teams.renameMe(db, request.userId!, request.params.id, request.body.memberName);
        return ok;
      },
    );

    app.get("/me/teams", { config: signedIn, schema: { response: { 200: myTeamsSchema } } }, (request) =>
      teams.myTeams(db, request.userId!, hiddenName(request)),
    );

    // Anyone may look at a team; members see who is in it (read afresh: it is theirs).
    app.get(
      "/teams/:id",
      { config: { access: "anyone" }, schema: { params: teamParamsSchema, response: { 200: teamSchema } } },
      async (request) => teams.teamPage(deps, await sessions.userIdOf(request), request.params.id, hiddenName(request)),
    );

    app.delete(
      "/teams/:id/membership",
      { config: signedIn, schema: { params: teamParamsSchema, response: { 200: okSchema } } },
      async (request) => {
        await teams.leaveTeam(db, request.userId!, request.params.id);
        return ok;
      },
    );

    app.patch(
      "/teams/:id",
      { config: signedIn, schema: { params: teamParamsSchema, body: renameTeamInputSchema, response: { 200: okSchema } } },
      async (request) => {
        await teams.renameTeam(db, request.userId!, request.params.id, request.body.name);
        return ok;
      },
    );

    app.put(
      "/teams/:id/password",
      {
        config: signedIn,
        schema: { params: teamParamsSchema, body: teamPasswordInputSchema, response: { 200: invitePathSchema } },
      },
      (request) => teams.changePassword(deps, request.userId!, request.params.id, request.body.password),
    );

    app.put(
      "/teams/:id/challenge",
      { config: signedIn, schema: { params: teamParamsSchema, body: teamTargetInputSchema, response: { 200: okSchema } } },
      async (request) => {
        await teams.setChallenge(db, request.userId!, request.params.id, request.body.target);
        return ok;
      },
    );

    app.post(
      "/teams/:id/owner",
      { config: signedIn, schema: { params: teamParamsSchema, body: handOverInputSchema, response: { 200: okSchema } } },
      async (request) => {
        await teams.handOver(db, request.userId!, request.params.id, request.body.memberKey);
        return ok;
      },
    );

    app.delete(
      "/teams/:id/members/:memberKey",
      { config: signedIn, schema: { params: teamMemberParamsSchema, response: { 200: okSchema } } },
      async (request) => {
        await teams.removeMember(db, request.userId!, request.params.id, request.params.memberKey);
        return ok;
      },
    );

    app.post(
      "/teams/:id/reports",
      {
        config: signedIn,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, moderationLimits.reports),
        schema: { params: teamParamsSchema, body: reportInputSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await reportContent(db, request.userId!, { type: "team", id: request.params.id }, request.body, teamModeration);
        return ok;
      },
    );

    app.get(
      "/organizations/:organizationId/teams",
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: organizationTeamsSchema } } },
      async (request) => {
        await requireOrganizationAccess(db, request.userId!, request.params.organizationId, "view");
        return teams.organizationTeams(db, request.params.organizationId, hiddenName(request));
      },
    );

    app.post(
      "/admin/teams/:id/close",
      { config: { access: "official" }, schema: { params: teamParamsSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await teams.closeByModeration(db, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
