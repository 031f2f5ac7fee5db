import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byIp, byUser } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const communityLimits = {
  // The community: enough for a lively conversation, not for a flood.
  chatMessage: { name: "chat-message", limit: 10, windowSeconds: 60, key: byUser, messageKey: "rateLimits.chatMessage" },
  likes: { name: "likes", limit: 120, windowSeconds: 60, key: byUser },
  galleryUpload: { name: "gallery-upload", limit: 10, windowSeconds: 3600, key: byUser, messageKey: "rateLimits.galleryUpload" },
  shares: { name: "shares", limit: 60, windowSeconds: 3600, key: byIp },
} satisfies Record<string, RateLimitRule>;
