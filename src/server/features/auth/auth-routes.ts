import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changePasswordSchema,
  confirmEmailSchema,
  emailOnlySchema,
  resetPasswordSchema,
  resetTokenSchema,
  sessionResponseSchema,
  signInResponseSchema,
  signInSchema,
  signUpResponseSchema,
  signUpSchema,
} from "../../../shared/schemas/auth.js";
import { okSchema } from "../../../shared/schemas/responses.js";
import { AppError } from "../../http/app-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requestLanguage } from "../../http/request-language.js";
import { resetTokenIsValid } from "./reset-token.js";
import { findProfile, findUserByEmail, recordSignIn } from "../users/users-repository.js";
import { isUsernameFree, usernameTaken } from "../users/users-service.js";
import { rateLimit, RULES } from "../rate-limit/rate-limit-rules.js";
import { relayAuthResponse } from "./auth-response.js";
import { sessionUserId } from "./current-user.js";

const OK = { ok: true } as const;
const anyone = { access: "anyone" } as const;
const ok = { 200: okSchema };

export const authRoutes =
  ({ auth, sessions, db, limiter, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (...rules: Parameters<typeof rateLimit>[2][]) => rateLimit(limiter, config.RATE_LIMIT_SCALE, ...rules);

    app.post(
      "/sign-up",
      { config: anyone, schema: { body: signUpSchema, response: { 201: signUpResponseSchema } }, preHandler: limit(RULES.signUp) },
      async (request, reply) => {
        const { username, email, password, country } = request.body;
        if (!(await isUsernameFree(db, username))) throw usernameTaken();
        try {
          await relayAuthResponse(
            reply,
            auth.api.signUpEmail({
              body: { name: username, email, password, country, languagePreference: requestLanguage(request) },
              headers: fromNodeHeaders(request.headers),
              asResponse: true,
            }),
          );
        } catch (error) {
          // Sign-ups racing for one username: the unique index decides, and the
          // losers hear why (better-auth reports the violation as a bad request).
          if (!(await isUsernameFree(db, username))) {
            throw usernameTaken();
          }
          throw error;
        }
        return reply.status(201).send({ status: "confirmation_sent" as const });
      },
    );

    app.post(
      "/sign-in",
      {
        config: anyone,
        schema: { body: signInSchema, response: { 200: signInResponseSchema } },
        preHandler: limit(RULES.signInAnyAccount, RULES.signIn),
      },
      async (request, reply) => {
        const result = await relayAuthResponse<{ user: { id: string } }>(
          reply,
          auth.api.signInEmail({
            body: { ...request.body, rememberMe: true },
            headers: fromNodeHeaders(request.headers),
            asResponse: true,
          }),
        );
        const [user, signIn] = await Promise.all([findProfile(db, result.user.id), recordSignIn(db, result.user.id)]);
        if (!user) throw new AppError("not_authenticated");
        return { user, firstSignIn: signIn.first };
      },
    );

    app.post("/sign-out", { config: anyone, schema: { response: ok } }, async (request, reply) => {
      if (await sessionUserId(sessions, request)) {
        await relayAuthResponse(reply, auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true }));
      }
      return OK;
    });

    app.get("/session", { config: anyone, schema: { response: { 200: sessionResponseSchema } } }, async (request) => {
      // better-auth's own lookup here: it also extends a session in daily use.
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      return { user: session ? await findProfile(db, session.user.id) : null };
    });

    app.post(
      "/resend-confirmation",
      { config: anyone, schema: { body: emailOnlySchema, response: ok }, preHandler: limit(RULES.resendConfirmation) },
      async (request, reply) => {
        const user = await findUserByEmail(db, request.body.email);
        // The same answer whether or not the address has an account.
        if (user && !user.email_verified) {
          await relayAuthResponse(reply, auth.api.sendVerificationEmail({ body: { email: request.body.email }, asResponse: true }));
        }
        return OK;
      },
    );

    app.post("/confirm-email", { config: anyone, schema: { body: confirmEmailSchema, response: ok } }, async (request, reply) => {
      await relayAuthResponse(reply, auth.api.verifyEmail({ query: { token: request.body.token }, asResponse: true }));
      return OK;
    });

    app.post(
      "/forgot-password",
      { config: anyone, schema: { body: emailOnlySchema, response: ok }, preHandler: limit(RULES.forgotPassword) },
      async (request, reply) => {
        await relayAuthResponse(reply, auth.api.requestPasswordReset({ body: { email: request.body.email }, asResponse: true }));
        return OK;
      },
    );

    // The reset page asks before showing its form, so a used or expired link says so at once.
    // (POST: the token stays out of addresses and access logs.)
    app.post(
      "/reset-password/check",
      { config: anyone, schema: { body: resetTokenSchema, response: ok }, preHandler: limit(RULES.resetLinkCheck) },
      async (request) => {
        if (!(await resetTokenIsValid(auth, request.body.token))) throw new AppError("invalid_token");
        return OK;
      },
    );

    app.post("/reset-password", { config: anyone, schema: { body: resetPasswordSchema, response: ok } }, async (request, reply) => {
      const { token, password } = request.body;
      await relayAuthResponse(reply, auth.api.resetPassword({ body: { token, newPassword: password }, asResponse: true }));
      return OK;
    });

    app.post(
      "/change-password",
      { config: { access: "signed-in" }, schema: { body: changePasswordSchema, response: ok } },
      async (request, reply) => {
        await relayAuthResponse(
          reply,
          auth.api.changePassword({ body: request.body, headers: fromNodeHeaders(request.headers), asResponse: true }),
        );
        return OK;
      },
    );
  };
