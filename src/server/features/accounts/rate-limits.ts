import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byIp } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const accountsLimits = {
  forgotEmail: { name: "forgot-email", limit: 5, windowSeconds: 900, key: byIp },
} satisfies Record<string, RateLimitRule>;
