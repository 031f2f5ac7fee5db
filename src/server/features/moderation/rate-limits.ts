import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byUser } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const moderationLimits = {
  reports: { name: "reports", limit: 20, windowSeconds: 3600, key: byUser },
} satisfies Record<string, RateLimitRule>;
