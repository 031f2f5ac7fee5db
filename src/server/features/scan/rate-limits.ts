import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byIp } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const scanLimits = {
  // A scan kept while signed out: a few cards in a row is plenty; thousands would be filling the table.
  pendingScan: { name: "pending-scan", limit: 30, windowSeconds: 900, key: byIp },
} satisfies Record<string, RateLimitRule>;
