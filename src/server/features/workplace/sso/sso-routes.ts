import { organizationsLimits } from "../../organizations/index.js";
import { workplaceLimits } from "../rate-limits.js";
import { authLimits } from "../../auth/index.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { newUsernameSchema } from "../../../../shared/schemas/account-fields.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { noContentSchema } from "../../../../shared/schemas/responses.js";
import { currentPasswordSchema } from "../../../../shared/schemas/account-fields.js";
import { resetTokenSchema } from "../../../../shared/schemas/auth.js";
import {
  emailDomainInputSchema,
  emailDomainListSchema,
  emailDomainParamsSchema,
  emailDomainSchema,
  linkedSignInListSchema,
  ssoAccountResultSchema,
  ssoConfirmInputSchema,
  ssoPendingParamsSchema,
  ssoPendingStateSchema,
  ssoSettingsInputSchema,
  ssoSettingsSchema,
  itHandoffInputSchema,
  itHandoffSchema,
  itHandoffSentSchema,
} from "../../../../shared/schemas/workplace.js";
import type { HttpDeps } from "../../../http/deps.js";
import { AppError } from "../../../kernel/app-error.js";
import { requestLanguage } from "../../../kernel/request-language.js";
import { rateLimit } from "../../../platform/rate-limit/rate-limit-rules.js";
import type { SessionDeps } from "../../sessions/index.js";
import * as sso from "./sso-service.js";
import * as firstSignIn from "./first-sign-in-service.js";
import * as domains from "./email-domains-service.js";
import * as linked from "./linked-sign-ins-service.js";
import { readItHandoff, sendItHandoff } from "./it-handoff-service.js";

/**
 * Employer single sign-on (issue 47 §1): the employer's settings, the two
 * browser stops of a sign-in (start, the provider's answer) and the page
 * finishing a first sign-in. The two stops answer a browser that navigated,
 * so a failure there is a redirect to a page that says why, not JSON.
 */
export const ssoRoutes =
  ({ db, auth, secretBox, config, limiter, outbound, resolver, sendAccountEmail, mailer }: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: sso.SsoDeps = { db, auth, secretBox, appUrl: config.APP_URL, outbound, sendAccountEmail };
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

    // "Send to your IT person": the link, mailed; its page reads this employer's values, nothing else.
    const handoffDeps = { db, mailer, appUrl: config.APP_URL };
    app.post(
      "/organizations/:organizationId/workplace/it-handoff",
      {
        config: signedIn,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, organizationsLimits.organizationInvite),
        schema: { params: organizationIdParams, body: itHandoffInputSchema, response: { 201: itHandoffSentSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await sendItHandoff(handoffDeps, request.userId!, request.params.organizationId, request.body)),
    );
    app.get(
      "/it-handoffs/:token",
      {
        config: anyone,
        schema: { params: z.object({ token: z.string().check(z.maxLength(100)) }), response: { 200: itHandoffSchema } },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return readItHandoff(handoffDeps, request.params.token);
      },
    );

    app.get(
      "/sso/:organizationId/start",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, workplaceLimits.ssoStart),
        schema: { params: organizationIdParams, response: redirect },
      },
      async (request, reply) => {
        const target = await sso.startSignIn(deps, reply, request.params.organizationId, requestLanguage(request)).catch(failurePath);
        return reply.header("cache-control", "no-store").redirect(target, 302);
      },
    );
    app.get("/sso/callback", { config: anyone, schema: { response: redirect } }, async (request, reply) => {
      const target = await sso.finishSignIn(deps, request, reply).catch(failurePath);
      return reply.header("cache-control", "no-store").redirect(target, 302);
    });

    app.get(
      "/sso/pending/:token",
      { config: anyone, schema: { params: ssoPendingParamsSchema, response: { 200: ssoPendingStateSchema } } },
      (request) => firstSignIn.pendingSignIn(deps, request, request.params.token),
    );
    app.post(
      "/sso/pending/:token/link",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, workplaceLimits.ssoLink),
        schema: { params: ssoPendingParamsSchema, body: z.object({ password: currentPasswordSchema }), response: { 204: noContentSchema } },
      },
      async (request, reply) => {
        await firstSignIn.linkPendingToAccount(deps, request, reply, request.params.token, request.body.password);
        return reply.status(204).send(null);
      },
    );
    app.post(
      "/sso/pending/:token/account",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, authLimits.signUp),
        schema: {
          params: ssoPendingParamsSchema,
          body: z.object({ username: newUsernameSchema }),
          response: { 200: ssoAccountResultSchema },
        },
      },
      (request, reply) =>
        firstSignIn.createPendingAccount(deps, request, reply, request.params.token, request.body.username, requestLanguage(request)),
    );
    app.post(
      "/sso/pending/:token/confirm",
      {
        config: anyone,
        schema: { params: ssoPendingParamsSchema, body: ssoConfirmInputSchema, response: { 204: noContentSchema } },
      },
      async (request, reply) => {
        await firstSignIn.confirmPendingAccount(deps, request, reply, request.params.token, request.body.code);
        return reply.status(204).send(null);
      },
    );

    // The email domains the employer proves it owns: its provider vouches for addresses there only.
    const domainsPath = `${settings}/domains`;
    app.get(
      domainsPath,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: emailDomainListSchema } } },
      async (request) => ({
        domains: await domains.emailDomains(db, request.userId!, request.params.organizationId),
      }),
    );
    app.post(
      domainsPath,
      {
        config: signedIn,
        schema: { params: organizationIdParams, body: emailDomainInputSchema, response: { 200: emailDomainListSchema } },
      },
      async (request) => ({
        domains: await domains.addEmailDomain(db, request.userId!, request.params.organizationId, request.body.domain),
      }),
    );
    app.post(
      `${domainsPath}/:domain/check`,
      {
        config: signedIn,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, workplaceLimits.domainCheck),
        schema: { params: emailDomainParamsSchema, response: { 200: emailDomainSchema } },
      },
      (request) => domains.checkEmailDomain({ db, resolver }, request.userId!, request.params.organizationId, request.params.domain),
    );
    app.delete(
      `${domainsPath}/:domain`,
      { config: signedIn, schema: { params: emailDomainParamsSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await domains.removeEmailDomain(db, request.userId!, request.params.organizationId, request.params.domain);
        return reply.status(204).send(null);
      },
    );

    // Employers' sign-ins linked to one's account: seen and cut off by its owner, signed in or from a password reset.
    app.get("/me/linked-sign-ins", { config: signedIn, schema: { response: { 200: linkedSignInListSchema } } }, async (request) => ({
      linkedSignIns: await linked.linkedSignIns(db, request.userId!),
    }));
    app.delete(
      "/me/linked-sign-ins/:organizationId",
      { config: signedIn, schema: { params: organizationIdParams, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await linked.unlinkSignIn(db, request.userId!, request.params.organizationId);
        return reply.status(204).send(null);
      },
    );
    app.post(
      "/reset-password/linked-sign-ins",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, authLimits.resetLinkCheck),
        schema: { body: resetTokenSchema, response: { 200: linkedSignInListSchema } },
      },
      async (request) => ({ linkedSignIns: await linked.linkedSignInsForReset({ db, auth }, request.body.token) }),
    );
    app.post(
      "/reset-password/linked-sign-ins/remove",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, authLimits.resetLinkCheck),
        schema: {
          body: z.object({ token: resetTokenSchema.shape.token, organizationId: organizationIdParams.shape.organizationId }),
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await linked.unlinkSignInForReset({ db, auth }, request.body.token, request.body.organizationId);
        return reply.status(204).send(null);
      },
    );
  };
