import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";

const { byIp, byUser } = rateLimitKeys;

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const workplaceLimits = {
  // Workplace codes are long and random; trying many would still be guessing.
  workplaceUnlock: { name: "workplace-unlock", limit: 10, windowSeconds: 900, key: byUser },
  // Each start of an employer sign-in keeps a row for ten minutes.
  ssoStart: { name: "sso-start", limit: 30, windowSeconds: 900, key: byIp },
  // Linking an employer's sign-in to an account tries that account's password.
  ssoLink: { name: "sso-link", limit: 10, windowSeconds: 900, key: byIp },
  // Each check of an employer's email domain asks DNS.
  domainCheck: { name: "domain-check", limit: 30, windowSeconds: 900, key: byUser },
  certificateCheck: { name: "certificate-check", limit: 60, windowSeconds: 600, key: byIp },
} satisfies Record<string, RateLimitRule>;
