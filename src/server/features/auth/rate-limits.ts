import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byIp, byIpAndEmail, byUser } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const authLimits = {
  signUp: { name: "sign-up", limit: 10, windowSeconds: 3600, key: byIp },
  signIn: { name: "sign-in", limit: 10, windowSeconds: 900, key: byIpAndEmail },
  signInAnyAccount: { name: "sign-in-ip", limit: 50, windowSeconds: 900, key: byIp },
  resendConfirmation: { name: "resend", limit: 5, windowSeconds: 900, key: byIp },
  forgotPassword: { name: "forgot-password", limit: 5, windowSeconds: 900, key: byIp },
  // Guessing a long random reset token this way is hopeless, but nothing should answer without limit.
  resetLinkCheck: { name: "reset-link-check", limit: 30, windowSeconds: 900, key: byIp },
  // Per account: each try tests the current password.
  changePassword: { name: "change-password", limit: 10, windowSeconds: 900, key: byUser },
} satisfies Record<string, RateLimitRule>;
