import { authLimits } from "./rate-limits.js";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { changePasswordSchema, emailWithClaimSchema, resetPasswordSchema, resetTokenSchema } from "../../../shared/schemas/auth.js";
import { AppError } from "../../kernel/app-error.js";
import { afterResponse } from "../../http/after-response.js";

import { claimCarriedTo } from "../scan/index.js";
import { relayAuthResponse } from "../sessions/index.js";
import { findMailingDetails } from "../users/index.js";
import { anyone, limitFor, ok, OK, signedInEmailOf, withClaim, type AuthRouteDeps } from "./auth-route-parts.js";
import { assertAcceptablePassword } from "./password-policy.js";
import { resetTokenIsValid, resetTokenOwner } from "./reset-token.js";
import { noticePasswordChanged } from "./security-notices.js";

/** The password: a reset by email (asked, its link checked, used) and a change while signed in; each mails a notice. */
export const passwordRoutes =
  (deps: AuthRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, db, mailer, config, signer } = deps;
    const notices = { db, mailer, appUrl: config.APP_URL };
    const limit = limitFor(deps);
    const signedInEmail = signedInEmailOf(deps);

    app.post(
      "/forgot-password",
      { config: anyone, schema: { body: emailWithClaimSchema, response: ok }, preHandler: limit(authLimits.forgotPassword) },
      async (request, reply) => {
        const { email } = request.body;
        // A reset link carries a scan only for the browser that holds it and is the address's owner
        // (claim-cookie.ts): a token typed into the body, or pushed onto another person's reset, is never carried.
        const claim = claimCarriedTo(request, signer, request.body.claim, email, await signedInEmail(request));
        await relayAuthResponse(
          reply,
          auth.api.requestPasswordReset({ body: { email, ...withClaim("redirectTo", claim) }, asResponse: true }),
        );
        return OK;
      },
    );

    // The reset page asks before showing its form, so a used or expired link says so at once.
    // (POST: the token stays out of addresses and access logs.)
    app.post(
      "/reset-password/check",
      { config: anyone, schema: { body: resetTokenSchema, response: ok }, preHandler: limit(authLimits.resetLinkCheck) },
      async (request) => {
        if (!(await resetTokenIsValid(auth, request.body.token))) throw new AppError("invalid_token");
        return OK;
      },
    );

    app.post("/reset-password", { config: anyone, schema: { body: resetPasswordSchema, response: ok } }, async (request, reply) => {
      const { token, password } = request.body;
      const userId = await resetTokenOwner(auth, token);
      if (!userId) throw new AppError("invalid_token");
      await assertAcceptablePassword(password, (await findMailingDetails(db, userId)) ?? {}, "password");
      await relayAuthResponse(reply, auth.api.resetPassword({ body: { token, newPassword: password }, asResponse: true }));
      afterResponse(request, "password notice", () => noticePasswordChanged(notices, userId));
      return OK;
    });

    app.post(
      "/change-password",
      {
        config: { access: "signed-in" },
        schema: { body: changePasswordSchema, response: ok },
        // A stolen session must not be a way to guess the current password.
        preHandler: limit(authLimits.changePassword),
      },
      async (request, reply) => {
        await assertAcceptablePassword(request.body.newPassword, (await findMailingDetails(db, request.userId!)) ?? {}, "newPassword");
        await relayAuthResponse(
          reply,
          auth.api.changePassword({ body: request.body, headers: fromNodeHeaders(request.headers), asResponse: true }),
        );
        const userId = request.userId!;
        afterResponse(request, "password notice", () => noticePasswordChanged(notices, userId));
        return OK;
      },
    );
  };
