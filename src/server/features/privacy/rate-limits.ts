import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byUser } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const privacyLimits = {
  deleteAccount: { name: "delete-account", limit: 10, windowSeconds: 900, key: byUser },
  // Building an archive reads everything the person has: a few a day is plenty.
  dataExport: { name: "data-export", limit: 5, windowSeconds: 86_400, key: byUser, messageKey: "rateLimits.dataExport" },
} satisfies Record<string, RateLimitRule>;
