import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byIp, byUser } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const organizationsLimits = {
  organizationRequest: { name: "organization-request", limit: 5, windowSeconds: 3600, key: byIp },
  organizationInvite: { name: "organization-invite", limit: 30, windowSeconds: 3600, key: byUser },
} satisfies Record<string, RateLimitRule>;
