import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byIp } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const shareLimits = {
  // Each share image not drawn recently costs a render: generous for link previews, not for walking every act number.
  shareImage: { name: "share-image", limit: 300, windowSeconds: 600, key: byIp },
  // An act's public record (its page and /api/acts/<number>, counted together) names a place and a day, and a
  // person who chose to be named: reading a few shared acts is the use, walking the numbers is not.
  publicAct: { name: "public-act", limit: 60, windowSeconds: 600, key: byIp },
} satisfies Record<string, RateLimitRule>;
