import { accountsLimits } from "./rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { usernameSchema } from "../../../shared/schemas/account-fields.js";
import {
  completeEmailRecoverySchema,
  emailChangeConfirmedSchema,
  forgotEmailSchema,
  emailRecoveryOutcomeSchema,
  recoveryLinkSchema,
  recoveryTokenSchema,
  usernameAvailabilityQuerySchema,
  usernameAvailabilitySchema,
} from "../../../shared/schemas/auth.js";
import { okSchema } from "../../../shared/schemas/responses.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import { requestLanguage } from "../../kernel/request-language.js";
import { afterResponse } from "../../http/after-response.js";
import { sessionUserId } from "../sessions/index.js";
import { isUsernameFree, isUsernameReservedFor } from "../users/index.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { checkRecoveryToken, completeEmailRecovery, confirmEmailChange, requestEmailRecovery } from "./email-recovery-service.js";

export const accountRoutes =
  (deps: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, sessions, config, limiter } = deps;

    /** docs/spec/participant.md §5: the reason is shown under the field as the user types. */
    const anyone = { access: "anyone" } as const;

    app.get(
      "/usernames/availability",
      { config: anyone, schema: { querystring: usernameAvailabilityQuerySchema, response: { 200: usernameAvailabilitySchema } } },
      async (request) => {
        const language = requestLanguage(request);
        const parsed = usernameSchema.safeParse(request.query.username);
        if (!parsed.success) {
          return { available: false, reason: translate(language, parsed.error.issues[0]!.message) };
        }
        const ownerId = await sessionUserId(sessions, request);
        if (await isUsernameReservedFor(db, parsed.data, ownerId)) {
          return { available: false, reason: translate(language, "validation.usernameReserved") };
        }
        return (await isUsernameFree(db, parsed.data, ownerId))
          ? { available: true }
          : { available: false, reason: translate(language, "validation.usernameNotAvailable") };
      },
    );

    app.post(
      "/auth/forgot-email",
      {
        config: anyone,
        schema: { body: forgotEmailSchema, response: { 200: okSchema } },
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, accountsLimits.forgotEmail),
      },
      async (request) => {
        const { username } = request.body;
        // The same answer in the same time whether or not the username exists: the mail is sent after it.
        afterResponse(request, "forgot-email", () =>
          requestEmailRecovery({ db, appUrl: config.APP_URL, sendAccountEmail: deps.sendAccountEmail }, username),
        );
        return { ok: true as const };
      },
    );

    app.get(
      "/auth/email-recovery",
      { config: anyone, schema: { querystring: recoveryTokenSchema, response: { 200: recoveryLinkSchema } } },
      async (request) => checkRecoveryToken(db, request.query.token),
    );

    app.post(
      "/auth/email-recovery",
      { config: anyone, schema: { body: completeEmailRecoverySchema, response: { 200: emailRecoveryOutcomeSchema } } },
      async (request) => completeEmailRecovery({ ...deps, appUrl: config.APP_URL }, request.body.token, request.body.email),
    );

    // The second link, mailed to the new address. (POST: the token stays out of addresses and access logs.)
    app.post(
      "/auth/email-change/confirm",
      { config: anyone, schema: { body: recoveryTokenSchema, response: { 200: emailChangeConfirmedSchema } } },
      async (request) => confirmEmailChange(deps, request.body.token),
    );
  };
