import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changePasswordSchema,
  confirmEmailSchema,
  emailOnlySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "../../../shared/schemas/auth.js";
import { AppError } from "../../http/app-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requestLanguage } from "../../http/request-language.js";
import { findProfile, findUserByEmail } from "../users/users-repository.js";
import { isUsernameFree, usernameTaken } from "../users/users-service.js";
import { rateLimit, RULES } from "../rate-limit/rate-limit-rules.js";
import { relayAuthResponse } from "./auth-response.js";
import { requireUser, sessionUserId } from "./current-user.js";

const OK = { ok: true } as const;

export const authRoutes =
  ({ auth, sessions, db, limiter, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (...rules: Parameters<typeof rateLimit>[2][]) => rateLimit(limiter, config.RATE_LIMIT_SCALE, ...rules);

    app.post("/sign-up", { schema: { body: signUpSchema }, preHandler: limit(RULES.signUp) }, async (request, reply) => {
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
        // Two sign-ups racing for one username: the unique index decides, the loser hears why.
        if (error instanceof AppError && error.code === "internal_error" && !(await isUsernameFree(db, username))) {
          throw usernameTaken();
        }
        throw error;
      }
      return reply.status(201).send({ status: "confirmation_sent" as const });
    });

    app.post(
      "/sign-in",
      { schema: { body: signInSchema }, preHandler: limit(RULES.signInAnyAccount, RULES.signIn) },
      async (request, reply) => {
        const result = await relayAuthResponse<{ user: { id: string } }>(
          reply,
          auth.api.signInEmail({
            body: { ...request.body, rememberMe: true },
            headers: fromNodeHeaders(request.headers),
            asResponse: true,
          }),
        );
        return { user: await findProfile(db, result.user.id) };
      },
    );

    app.post("/sign-out", async (request, reply) => {
      if (await sessionUserId(sessions, request)) {
        await relayAuthResponse(reply, auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true }));
      }
      return OK;
    });

    app.get("/session", async (request) => {
      // better-auth's own lookup here: it also extends a session in daily use.
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      return { user: session ? await findProfile(db, session.user.id) : null };
    });

    app.post(
      "/resend-confirmation",
      { schema: { body: emailOnlySchema }, preHandler: limit(RULES.resendConfirmation) },
      async (request, reply) => {
        const user = await findUserByEmail(db, request.body.email);
        // The same answer whether or not the address has an account.
        if (user && !user.email_verified) {
          await relayAuthResponse(reply, auth.api.sendVerificationEmail({ body: { email: request.body.email }, asResponse: true }));
        }
        return OK;
      },
    );

    app.post("/confirm-email", { schema: { body: confirmEmailSchema } }, async (request, reply) => {
      await relayAuthResponse(reply, auth.api.verifyEmail({ query: { token: request.body.token }, asResponse: true }));
      return OK;
    });

    app.post(
      "/forgot-password",
      { schema: { body: emailOnlySchema }, preHandler: limit(RULES.forgotPassword) },
      async (request, reply) => {
        await relayAuthResponse(reply, auth.api.requestPasswordReset({ body: { email: request.body.email }, asResponse: true }));
        return OK;
      },
    );

    app.post("/reset-password", { schema: { body: resetPasswordSchema } }, async (request, reply) => {
      const { token, password } = request.body;
      await relayAuthResponse(reply, auth.api.resetPassword({ body: { token, newPassword: password }, asResponse: true }));
      return OK;
    });

    app.post(
      "/change-password",
      { schema: { body: changePasswordSchema }, preHandler: requireUser(sessions) },
      async (request, reply) => {
        await relayAuthResponse(
          reply,
          auth.api.changePassword({ body: request.body, headers: fromNodeHeaders(request.headers), asResponse: true }),
        );
        return OK;
      },
    );
  };
