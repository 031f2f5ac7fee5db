import { profileSchema } from "./profile.js";
import { z } from "zod/mini";
import { claimTokenSchema } from "./scans.js";
import { text, maxLength } from "./text.js";
import {
  countrySchema,
  currentPasswordSchema,
  emailSchema,
  newUsernameSchema,
  passwordSchema,
  tokenSchema,
  usernameSchema,
} from "./account-fields.js";

export const signUpSchema = z.object({
  username: newUsernameSchema,
  email: emailSchema,
  password: passwordSchema,
  country: countrySchema,
  /** A scan kept while signed out: its token rides in the confirmation link (docs/design.md §4.12). */
  claim: z.optional(claimTokenSchema),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type SignInInput = z.infer<typeof signInSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/**
 * A resent confirmation or a password reset, whose emailed link carries a
 * pending scan's token along when this browser holds it (its claim cookie,
 * the server's claim-cookie.ts): the token in the body alone is never carried.
 */
export const emailWithClaimSchema = z.object({ email: emailSchema, claim: z.optional(claimTokenSchema) });
export type EmailWithClaimInput = z.infer<typeof emailWithClaimSchema>;

export const confirmEmailSchema = z.object({ token: tokenSchema(4096), claim: z.optional(claimTokenSchema) });

/**
 * A confirmed address signs its person in (the first time the link is used).
 * `claim`: what became of the pending scan the link carried: "recorded", or
 * the code of its refusal; null when there was none to claim.
 */
export const confirmEmailResponseSchema = z.object({
  ok: z.literal(true),
  signedIn: z.boolean(),
  claim: z.nullable(z.string()),
});
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

export const resetTokenSchema = z.object({ token: tokenSchema(4096) });

export const resetPasswordSchema = z.object({
  token: tokenSchema(4096),
  password: passwordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
  /** True unless asked otherwise, as the form's box starts ticked: a changed password usually means a doubt. */
  revokeOtherSessions: z._default(z.boolean(), true),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The two-field form of reset and change password: both required, both equal. */
export const passwordPairSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: text().check(z.minLength(1, "validation.passwordRequired")),
  })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      path: ["confirmPassword"],
      message: "validation.passwordsDoNotMatch",
    }),
  );
export type PasswordPairInput = z.infer<typeof passwordPairSchema>;

export const forgotEmailSchema = z.object({ username: usernameSchema });
export type ForgotEmailInput = z.infer<typeof forgotEmailSchema>;

export const recoveryTokenSchema = z.object({ token: tokenSchema(200) });

export const completeEmailRecoverySchema = z.object({
  token: tokenSchema(200),
  email: z.optional(emailSchema),
});
export type CompleteEmailRecoveryInput = z.infer<typeof completeEmailRecoverySchema>;

export const usernameAvailabilityQuerySchema = z.object({ username: text().check(maxLength(100)) });

export const signUpResponseSchema = z.object({ status: z.literal("confirmation_sent") });

/** Sign-in and the session both answer with the person's profile (null for a visitor). */
export const signInResponseSchema = z.object({
  user: profileSchema,
  /** True the first time the account signs in: the app greets a newcomer, not a returning member. */
  firstSignIn: z.boolean(),
  /** True when this sign-in cancelled the account's pending deletion (within 7 days of asking). */
  deletionCancelled: z.boolean(),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;
export const sessionResponseSchema = z.object({ user: z.nullable(profileSchema) });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const usernameAvailabilitySchema = z.object({
  available: z.boolean(),
  /** Why not, in the asker's language. */
  reason: z.optional(z.string()),
});
export type UsernameAvailabilityAnswer = z.infer<typeof usernameAvailabilitySchema>;

export const recoveryLinkSchema = z.object({ valid: z.literal(true), email: z.string(), username: z.string() });
export type RecoveryLink = z.infer<typeof recoveryLinkSchema>;

export const emailRecoveryOutcomeSchema = z.object({
  success: z.literal(true),
  emailChanged: z.boolean(),
  oldEmail: z.string(),
  newEmail: z.string(),
});
export type EmailRecoveryOutcome = z.infer<typeof emailRecoveryOutcomeSchema>;

/** The change link opened: the account's address now, and whose account it is. */
export const emailChangeConfirmedSchema = z.object({ ok: z.literal(true), email: z.string(), username: z.string() });
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;

/** One device signed in to the account (profile → signed-in devices). */
export const activeSessionSchema = z.object({
  id: z.string(),
  browser: z.nullable(z.string()),
  system: z.nullable(z.string()),
  signedInAt: z.string(),
  /** When the session was last extended or changed (a day's precision: sessions are extended once a day). */
  lastSeenAt: z.string(),
  /** The country it signed in from (ISO 3166 alpha-2), when a trusted proxy said so. */
  country: z.nullable(z.string()),
  /** The session of the device asking. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionsSchema = z.object({ sessions: z.array(activeSessionSchema) });
export const sessionIdParamsSchema = z.object({ id: tokenSchema(200) });

export const deleteAccountSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
export const deletionScheduledSchema = z.object({
  /** When the personal data will have been erased. */
  purgeAfter: z.string(),
  /** Signing in before this cancels the deletion. */
  cancelBefore: z.string(),
});
export type DeletionScheduled = z.infer<typeof deletionScheduledSchema>;
