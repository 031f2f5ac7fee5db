import { EMAILS } from "./emails.js";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import type { Kysely } from "kysely";
import {
  CONFIRMATION_LINK_HOURS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_MINUTES,
  SESSION_DAYS,
} from "../../../shared/constants.js";
import { CLAIM_PARAM, claimTokenSchema } from "../../../shared/schemas/scans.js";
import type { Config } from "../../config.js";
import type { DB } from "../../platform/db/schema.js";
import { passwordHashing } from "../../platform/secrets/password-hashing.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { SendAccountEmail } from "../../platform/mail/email-cooldown.js";
import { maySignIn, usersAuthHooks } from "../users/index.js";
import { people } from "../users/read-models.js";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../shared/i18n/languages.js";

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

const languageOf = (user: object): Language => {
  const chosen = (user as { languagePreference?: unknown }).languagePreference;
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
};

/**
 * better-auth owns passwords, sessions and the confirmation and reset tokens.
 * Its own HTTP handler is not mounted: Kindly's routes validate with the shared
 * schemas, apply the shared rate limits and call `auth.api` directly.
 */
/**
 * The callback Kindly gives better-auth when a sign-up, a resent
 * confirmation or a password reset comes from a scan kept while signed out:
 * better-auth hands it back with the mail's link, and the mail's own link
 * carries the token on (docs/design.md §4.12), so it works in any browser.
 */
export const claimCallback = (claim: string | undefined): string | undefined => (claim ? `/scan-qr?${CLAIM_PARAM}=${claim}` : undefined);

/** The pending scan's token in a link better-auth built from `claimCallback`; "" when none. */
function claimOf(url: string): string | null {
  const callback = new URL(url).searchParams.get("callbackURL");
  const claim = callback ? new URL(callback, "http://kindly.invalid").searchParams.get(CLAIM_PARAM) : null;
  return claim && claimTokenSchema.safeParse(claim).success ? claim : null;
}

function claimParamOf(url: string): string {
  const claim = claimOf(url);
  return claim ? `&${CLAIM_PARAM}=${claim}` : "";
}

export function createAuth(options: {
  config: Config;
  db: Kysely<DB>;
  secret: string;
  sendEmail: SendAccountEmail;
  /** Where a kept scan was made ("Boulangerie du Vieux-Port"), for the confirmation to name what waits; null once gone. */
  describeClaim?: (token: string) => Promise<{ place: string; passedOn: boolean } | null>;
}) {
  const { config, db, secret, sendEmail, describeClaim } = options;
  return betterAuth({
    appName: "Kindly",
    baseURL: config.APP_URL,
    basePath: "/api/auth",
    secret,
    database: { db, type: "postgres" },
    trustedOrigins: [config.APP_URL],
    rateLimit: { enabled: false },
    logger: { disabled: config.NODE_ENV === "test" },
    advanced: {
      cookiePrefix: "kindly",
      useSecureCookies: config.APP_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    user: {
      modelName: "users",
      fields: { name: "username", emailVerified: "email_verified", ...timestamps },
      additionalFields: {
        country: { type: "string", required: false },
        languagePreference: { type: "string", required: false, defaultValue: DEFAULT_LANGUAGE, fieldName: "language_preference" },
        onboardingCompleted: { type: "boolean", required: false, defaultValue: false, input: false, fieldName: "onboarding_completed" },
        isOfficial: { type: "boolean", required: false, defaultValue: false, input: false, fieldName: "is_official" },
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      fields: { expiresAt: "expires_at", ipAddress: "ip_address", userAgent: "user_agent", userId: "user_id", ...timestamps },
    },
    account: {
      modelName: "accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        ...timestamps,
      },
    },
    // A suspended account, or one deleted more than 7 days ago, gets no session, whichever way it would sign in
    // (password, the sign-in after confirming an address). Its existing
    // sessions were deleted when it was suspended.
    databaseHooks: {
      // Its writes of users pass through the users feature's door, which owns that table.
      user: usersAuthHooks,
      session: {
        create: {
          async before(session) {
            const user = await db
              .selectFrom(people.from(db).as("person"))
              .select(["suspended_at", "deletion_requested_at"])
              .where("id", "=", session.userId)
              .executeTakeFirst();
            if (user?.suspended_at) throw new APIError("FORBIDDEN", { code: "ACCOUNT_SUSPENDED", message: "This account is suspended." });
            // Asked to be deleted: a sign-in within 7 days cancels (auth-routes.ts); later, none.
            if (!maySignIn(user)) throw new APIError("FORBIDDEN", { code: "ACCOUNT_DELETED", message: "This account was deleted." });
          },
        },
      },
    },
    verification: { modelName: "verifications", fields: { expiresAt: "expires_at", ...timestamps } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      // Kindly's schema counts characters (code points); better-auth counts UTF-16 units, up to two per character.
      maxPasswordLength: PASSWORD_MAX_LENGTH * 2,
      // scrypt at better-auth's own parameters, or at PASSWORD_HASH_COST (password-hashing.ts).
      password: passwordHashing(config.PASSWORD_HASH_COST),
      resetPasswordTokenExpiresIn: PASSWORD_RESET_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token, url }) {
        const link = `${config.APP_URL}/reset-password?token=${encodeURIComponent(token)}${claimParamOf(url)}`;
        await sendEmail("reset-password", accountEmail(EMAILS.resetPassword, languageOf(user), user.email, { username: user.name }, link));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The first use of a confirmation link signs its person in: the link
      // proves the address, and a newcomer whose mail opens in another browser
      // lands signed in, on the act they scanned. A second use signs nobody in.
      autoSignInAfterVerification: true,
      expiresIn: CONFIRMATION_LINK_HOURS * 60 * 60,
      async sendVerificationEmail({ user, token, url }) {
        // (A changed address has its own link: features/accounts/email-recovery-service.ts.)
        const link = `${config.APP_URL}/auth/confirm?token=${encodeURIComponent(token)}&type=signup${claimParamOf(url)}`;
        // A new account with an act waiting names it: the mail is why they will click.
        const claim = claimOf(url);
        const waiting = claim && describeClaim ? await describeClaim(claim) : null;
        // A card someone passed on was not "scanned at" its organisation (issue 60): the mail says it was passed on.
        const template = !waiting ? "confirmEmail" : waiting.passedOn ? "confirmEmailWithPassedCard" : "confirmEmailWithAct";
        const place = waiting?.place;
        // One a minute per account and address: an account that replaced an
        // unconfirmed one on the address (auth-routes.ts) gets its own mail at once.
        await sendEmail(
          `confirm-email:${user.id}`,
          accountEmail(EMAILS[template], languageOf(user), user.email, { email: user.email, ...(place ? { place } : {}) }, link),
        );
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
