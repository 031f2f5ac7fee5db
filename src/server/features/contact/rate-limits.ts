import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byIp } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const contactLimits = {
  contact: { name: "contact", limit: 5, windowSeconds: 3600, key: byIp },
} satisfies Record<string, RateLimitRule>;
