import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { newUsernameSchema } from "../../../../shared/schemas/account-fields.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { noContentSchema } from "../../../../shared/schemas/responses.js";
import {
  ssoPendingParamsSchema,
  ssoPendingStateSchema,
  ssoSettingsInputSchema,
  ssoSettingsSchema,
} from "../../../../shared/schemas/workplace.js";
import type { HttpDeps } from "../../../http/deps.js";
import { AppError } from "../../../kernel/app-error.js";
import { requestLanguage } from "../../../kernel/request-language.js";
import { rateLimit, RULES } from "../../../platform/rate-limit/rate-limit-rules.js";
import type { SessionDeps } from "../../sessions/index.js";
import * as sso from "./sso-service.js";

/**
 * Employer single sign-on (issue 47 §1): the employer's settings, the two
 * browser stops of a sign-in (start, the provider's answer) and the page
 * finishing a first sign-in. The two stops answer a browser that navigated,
 * so a failure there is a redirect to a page that says why, not JSON.
 */
export const ssoRoutes =
  ({ db, auth, secretBox, config, limiter }: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: sso.SsoDeps = { db, auth, secretBox, appUrl: config.APP_URL };
    const signedIn = { access: "signed-in" } as const;
    const anyone = { access: "anyone" } as const;
    const settings = "/organizations/:organizationId/workplace/sso";
    const redirect = { 302: z.null() };
    const failurePath = (error: unknown) => {
      if (error instanceof AppError) return `/sso/continue?error=${error.code}`;
      throw error;
    };

    app.get(settings, { config: signedIn, schema: { params: organizationIdParams, response: { 200: ssoSettingsSchema } } }, (request) =>
      sso.ssoSettings(deps, request.userId!, request.params.organizationId),
    );
    app.put(
      settings,
      { config: signedIn, schema: { params: organizationIdParams, body: ssoSettingsInputSchema, response: { 200: ssoSettingsSchema } } },
      (request) => sso.saveSsoSettings(deps, request.userId!, request.params.organizationId, request.body),
    );
    app.delete(
      settings,
      { config: signedIn, schema: { params: organizationIdParams, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await sso.removeSsoSettings(deps, request.userId!, request.params.organizationId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/sso/:organizationId/start",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, RULES.ssoStart),
        schema: { params: organizationIdParams, response: redirect },
      },
      async (request, reply) => {
        const target = await sso.startSignIn(deps, request.params.organizationId, requestLanguage(request)).catch(failurePath);
        return reply.header("cache-control", "no-store").redirect(target, 302);
      },
    );
    app.get("/sso/callback", { config: anyone, schema: { response: redirect } }, async (request, reply) => {
      const target = await sso.finishSignIn(deps, reply, request.url, request.headers["user-agent"]).catch(failurePath);
      return reply.header("cache-control", "no-store").redirect(target, 302);
    });

    app.get(
      "/sso/pending/:token",
      { config: anyone, schema: { params: ssoPendingParamsSchema, response: { 200: ssoPendingStateSchema } } },
      (request) => sso.pendingSignIn(db, request.params.token),
    );
    app.post(
      "/sso/pending/:token/link",
      { config: signedIn, schema: { params: ssoPendingParamsSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await sso.linkPendingToAccount(deps, request.userId!, request.params.token);
        return reply.status(204).send(null);
      },
    );
    app.post(
      "/sso/pending/:token/account",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, RULES.signUp),
        schema: { params: ssoPendingParamsSchema, body: z.object({ username: newUsernameSchema }), response: { 204: noContentSchema } },
      },
      async (request, reply) => {
        await sso.createPendingAccount(
          deps,
          reply,
          request.params.token,
          request.body.username,
          requestLanguage(request),
          request.headers["user-agent"],
        );
        return reply.status(204).send(null);
      },
    );
  };
