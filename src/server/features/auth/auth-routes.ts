import { authLimits } from "./rate-limits.js";
import { withOrganizationDashboard } from "../organizations/index.js";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply } from "fastify";
import { CONFIRMATION_LINK_HOURS } from "../../../shared/constants.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  confirmEmailResponseSchema,
  confirmEmailSchema,
  emailWithClaimSchema,
  activeSessionsSchema,
  sessionIdParamsSchema,
  sessionResponseSchema,
  signInResponseSchema,
  signInSchema,
  signUpResponseSchema,
  signUpSchema,
} from "../../../shared/schemas/auth.js";
import { AppError } from "../../kernel/app-error.js";
import { requestLanguage } from "../../kernel/request-language.js";
import { assertAcceptablePassword } from "./password-policy.js";
import { confirmationEmail, confirmationPredatesAccount } from "./confirmation-token.js";
import { claimCarriedBy, claimCarriedTo, claimPendingScan, markCreating } from "../scan/index.js";
import { afterResponse } from "../../http/after-response.js";
import { anyone, limitFor, ok, OK, signedInEmailOf, withClaim, type AuthRouteDeps } from "./auth-route-parts.js";
import { passwordRoutes } from "./password-routes.js";
import { deleteUnprovenAccount, findProfile, findUnprovenAccount, findUserByEmail, recordSignIn } from "../users/index.js";
import { isUsernameFree, usernameTaken } from "../users/index.js";

import { relayAuthResponse } from "../sessions/index.js";
import { sessionUserId } from "../sessions/index.js";
import { deleteSession, endSessions, listLiveSessions, setSessionCountry } from "../sessions/index.js";
import { clientCountry } from "../../http/client-country.js";
import { describeDevice } from "../../../shared/device.js";
import { noticeSignIn } from "./security-notices.js";
import { cancelDeletionBySigningIn } from "../privacy/index.js";
import { recordConsents } from "../users/index.js";

/** Whether better-auth's answer, relayed to the reply, opened a session. */
const setsSessionCookie = (reply: FastifyReply) =>
  [reply.getHeader("set-cookie")].flat().some((cookie) => typeof cookie === "string" && /session_token=[^;]/.test(cookie));

/** Accounts: sign-up, sign-in, sessions, the address's confirmation; the password's routes in password-routes.ts. */
export const authRoutes =
  (deps: AuthRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, sessions, db, config, mailer, eventsChannel, numbering, signer } = deps;
    const notices = { db, mailer, appUrl: config.APP_URL };
    const limit = limitFor(deps);
    const signedInEmail = signedInEmailOf(deps);

    app.post(
      "/sign-up",
      { config: anyone, schema: { body: signUpSchema, response: { 201: signUpResponseSchema } }, preHandler: limit(authLimits.signUp) },
      async (request, reply) => {
        const { username, email, password, country } = request.body;
        await assertAcceptablePassword(password, { email, username }, "password");
        // Whoever proves an address owns it: an account on it that was never
        // confirmed nor used (perhaps opened by someone else, to be waiting for
        // its owner: a "pre-hijack") gives way to this sign-up.
        const unproven = await findUnprovenAccount(db, email);
        if (!(await isUsernameFree(db, username, unproven))) throw usernameTaken();
        if (unproven) await deleteUnprovenAccount(db, unproven);
        let created: { user: { id: string } };
        try {
          created = await relayAuthResponse<{ user: { id: string } }>(
            reply,
            auth.api.signUpEmail({
              body: {
                name: username,
                email,
                password,
                country,
                languagePreference: requestLanguage(request),
                // The confirmation carries the scan only for the browser that holds it (claim-cookie.ts).
                ...withClaim("callbackURL", claimCarriedBy(request, signer, request.body.claim)),
              },
              headers: fromNodeHeaders(request.headers),
              asResponse: true,
            }),
          );
        } catch (error) {
          // Sign-ups racing for one username or one address: the unique indexes
          // decide (better-auth reports the violation as a bad request). The
          // losers hear the normal answers: a taken username is said, a taken
          // address is not.
          if (!(await isUsernameFree(db, username))) throw usernameTaken();
          // better-auth found the address taken; the account it found may since have given way to another
          // racing sign-up (so none is there this instant): the answer is the normal one either way.
          const addressTaken = error instanceof AppError && error.code === "email_taken";
          if (!addressTaken && !(await findUserByEmail(db, email))) throw error;
          // The same cookie as a sign-up that went through: the answer says nothing of the address.
          markCreating(reply, signer, config.APP_URL, email, CONFIRMATION_LINK_HOURS * 3600);
          return reply.status(201).send({ status: "confirmation_sent" as const });
        }
        // Creating the account accepts the current terms and privacy policy (the form says so, with links). A
        // racing sign-up for the address may already have replaced it: that account records its own.
        await recordConsents(db, created.user.id);
        markCreating(reply, signer, config.APP_URL, email, CONFIRMATION_LINK_HOURS * 3600);
        return reply.status(201).send({ status: "confirmation_sent" as const });
      },
    );

    app.post(
      "/sign-in",
      {
        config: anyone,
        schema: { body: signInSchema, response: { 200: signInResponseSchema } },
        preHandler: limit(authLimits.signInAnyAccount, authLimits.signIn),
      },
      async (request, reply) => {
        const result = await relayAuthResponse<{ token?: string; user: { id: string } }>(
          reply,
          auth.api.signInEmail({
            body: { ...request.body, rememberMe: true },
            headers: fromNodeHeaders(request.headers),
            asResponse: true,
          }),
        );
        // Signing in within 7 days of asking for deletion is how a person cancels it.
        const deletionCancelled = await cancelDeletionBySigningIn(db, eventsChannel, result.user.id);
        const [account, signIn] = await Promise.all([findProfile(db, result.user.id), recordSignIn(db, result.user.id)]);
        if (!account) throw new AppError("not_authenticated");
        const user = await withOrganizationDashboard(db, account);
        const country = clientCountry(request, config);
        if (country && result.token) await setSessionCountry(db, result.token, country);
        const userAgent = request.headers["user-agent"];
        afterResponse(request, "sign-in notice", () => noticeSignIn(notices, user.id, userAgent));
        return { user, firstSignIn: signIn.first, deletionCancelled };
      },
    );

    app.post("/sign-out", { config: anyone, schema: { response: ok } }, async (request, reply) => {
      if (await sessionUserId(sessions, request)) {
        await relayAuthResponse(reply, auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true }));
      }
      return OK;
    });

    app.get("/sessions", { config: { access: "signed-in" }, schema: { response: { 200: activeSessionsSchema } } }, async (request) => {
      const token = sessions.tokenOf(request);
      const rows = await listLiveSessions(db, request.userId!, new Date());
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          ...describeDevice(row.user_agent),
          signedInAt: new Date(row.created_at).toISOString(),
          lastSeenAt: new Date(row.updated_at).toISOString(),
          country: row.country,
          current: row.token === token,
        })),
      };
    });

    app.delete(
      "/sessions/:id",
      { config: { access: "signed-in" }, schema: { params: sessionIdParamsSchema, response: ok } },
      async (request) => {
        if (!(await deleteSession(db, request.userId!, request.params.id))) throw new AppError("not_found");
        return OK;
      },
    );

    // This device signs out as usual (its cookie goes); every other session ends with it.
    app.post("/sign-out-everywhere", { config: { access: "signed-in" }, schema: { response: ok } }, async (request, reply) => {
      await relayAuthResponse(reply, auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true }));
      await endSessions(db, request.userId!);
      return OK;
    });

    app.get("/session", { config: anyone, schema: { response: { 200: sessionResponseSchema } } }, async (request) => {
      // better-auth's own lookup here: it also extends a session in daily use.
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      const account = session ? await findProfile(db, session.user.id) : null;
      return { user: account ? await withOrganizationDashboard(db, account) : null };
    });

    app.post(
      "/resend-confirmation",
      { config: anyone, schema: { body: emailWithClaimSchema, response: ok }, preHandler: limit(authLimits.resendConfirmation) },
      async (request) => {
        const { email } = request.body;
        const claim = claimCarriedTo(request, signer, request.body.claim, email, await signedInEmail(request));
        // The same answer, in the same time, whether or not the address has an
        // account waiting: the lookup and the mail happen after the answer.
        afterResponse(request, "resend-confirmation", async () => {
          const user = await findUserByEmail(db, email);
          if (user && !user.email_verified) await auth.api.sendVerificationEmail({ body: { email, ...withClaim("callbackURL", claim) } });
        });
        return OK;
      },
    );

    app.post(
      "/confirm-email",
      { config: anyone, schema: { body: confirmEmailSchema, response: { 200: confirmEmailResponseSchema } } },
      async (request, reply) => {
        const { token, claim } = request.body;
        if (await confirmationPredatesAccount(db, token)) throw new AppError("invalid_token");
        // The link's first use signs its person in (auth.ts): better-auth sets the session cookie.
        await relayAuthResponse(
          reply,
          auth.api.verifyEmail({ query: { token }, headers: fromNodeHeaders(request.headers), asResponse: true }),
        );
        const email = confirmationEmail(token);
        const user = email && setsSessionCookie(reply) ? await findUserByEmail(db, email) : undefined;
        if (!user) return { ok: true as const, signedIn: false, claim: null };
        await recordSignIn(db, user.id);
        return { ok: true as const, signedIn: true, claim: claim ? await claimAtConfirmation(user.id, claim) : null };
      },
    );

    /**
     * The act a newcomer scanned before signing up, recorded as their address
     * is confirmed (docs/design.md §4.12): "recorded", or why it was refused.
     * The address stays confirmed whatever happens here; the scan page can
     * claim again.
     */
    const claimAtConfirmation = async (userId: string, claim: string): Promise<string> => {
      try {
        await claimPendingScan({ db, numbering, userId, token: claim });
        return "recorded";
      } catch (error) {
        if (error instanceof AppError) return error.code;
        app.log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, "claim at confirmation failed");
        return "internal_error";
      }
    };

    await app.register(passwordRoutes(deps));
  };
