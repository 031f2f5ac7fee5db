import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError } from "../../kernel/app-error.js";
import { counterHit, type RateLimiter } from "./rate-limiter.js";
import { sql } from "kysely";
import { teamNameKey } from "../../../shared/schemas/teams.js";

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is counted: the client address, optionally with a field of the body. */
  key: (request: FastifyRequest) => string;
  /** A message saying what was limited (server message files), instead of the generic one. */
  messageKey?: string;
}

const byIp = (request: FastifyRequest) => request.ip;
const byIpAndEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}:${typeof email === "string" ? email.trim().toLowerCase() : ""}`;
};

/** A team's kind and name as people type them, folded as team names are compared (case, spaces). */
const byTeamName = (request: FastifyRequest) => {
  const { kind, name } = (request.body ?? {}) as { kind?: unknown; name?: unknown };
  return `${String(kind)}:${typeof name === "string" ? teamNameKey(name) : ""}`;
};

const byUser = (request: FastifyRequest) => request.userId ?? request.ip;

/** Limits on the account endpoints that send email or test passwords. */
export const RULES = {
  signUp: { name: "sign-up", limit: 10, windowSeconds: 3600, key: byIp },
  signIn: { name: "sign-in", limit: 10, windowSeconds: 900, key: byIpAndEmail },
  signInAnyAccount: { name: "sign-in-ip", limit: 50, windowSeconds: 900, key: byIp },
  resendConfirmation: { name: "resend", limit: 5, windowSeconds: 900, key: byIp },
  forgotPassword: { name: "forgot-password", limit: 5, windowSeconds: 900, key: byIp },
  // Guessing a long random reset token this way is hopeless, but nothing should answer without limit.
  resetLinkCheck: { name: "reset-link-check", limit: 30, windowSeconds: 900, key: byIp },
  // Per account: each try tests the current password.
  changePassword: { name: "change-password", limit: 10, windowSeconds: 900, key: byUser },
  deleteAccount: { name: "delete-account", limit: 10, windowSeconds: 900, key: byUser },
  // Building an archive reads everything the person has: a few a day is plenty.
  dataExport: { name: "data-export", limit: 5, windowSeconds: 86_400, key: byUser, messageKey: "rateLimits.dataExport" },
  forgotEmail: { name: "forgot-email", limit: 5, windowSeconds: 900, key: byIp },
  contact: { name: "contact", limit: 5, windowSeconds: 3600, key: byIp },
  organizationRequest: { name: "organization-request", limit: 5, windowSeconds: 3600, key: byIp },
  organizationInvite: { name: "organization-invite", limit: 30, windowSeconds: 3600, key: byUser },
  geocoding: { name: "geocoding", limit: 120, windowSeconds: 600, key: byUser },
  // A device subscribes once, and again when its browser renews the subscription.
  pushSubscribe: { name: "push-subscribe", limit: 20, windowSeconds: 3600, key: byUser },
  // The community: enough for a lively conversation, not for a flood.
  chatMessage: { name: "chat-message", limit: 10, windowSeconds: 60, key: byUser, messageKey: "rateLimits.chatMessage" },
  likes: { name: "likes", limit: 120, windowSeconds: 60, key: byUser },
  reports: { name: "reports", limit: 20, windowSeconds: 3600, key: byUser },
  galleryUpload: { name: "gallery-upload", limit: 10, windowSeconds: 3600, key: byUser, messageKey: "rateLimits.galleryUpload" },
  shares: { name: "shares", limit: 60, windowSeconds: 3600, key: byIp },
  // Workplace codes are long and random; trying many would still be guessing.
  workplaceUnlock: { name: "workplace-unlock", limit: 10, windowSeconds: 900, key: byUser },
  // Each share image not drawn recently costs a render: generous for link previews, not for walking every act number.
  shareImage: { name: "share-image", limit: 300, windowSeconds: 600, key: byIp },
  // A scan kept while signed out: a few cards in a row is plenty; thousands would be filling the table.
  pendingScan: { name: "pending-scan", limit: 30, windowSeconds: 900, key: byIp },
  // Each start of an employer sign-in keeps a row for ten minutes.
  ssoStart: { name: "sso-start", limit: 30, windowSeconds: 900, key: byIp },
  // Linking an employer's sign-in to an account tries that account's password.
  ssoLink: { name: "sso-link", limit: 10, windowSeconds: 900, key: byIp },
  // Each check of an employer's email domain asks DNS.
  domainCheck: { name: "domain-check", limit: 30, windowSeconds: 900, key: byUser },
  certificateCheck: { name: "certificate-check", limit: 60, windowSeconds: 600, key: byIp },
  // An act's public record (its page and /api/acts/<number>, counted together) names a place and a day, and a
  // person who chose to be named: reading a few shared acts is the use, walking the numbers is not.
  publicAct: { name: "public-act", limit: 60, windowSeconds: 600, key: byIp },
  // A team's password is short and chosen by people: tries are few, per person and per address.
  teamPassword: { name: "team-password", limit: 10, windowSeconds: 900, key: byUser },
  teamPasswordByIp: { name: "team-password-ip", limit: 30, windowSeconds: 900, key: byIp },
  // …and per team, whoever tries: many accounts guessing one team's password share these tries.
  teamPasswordByTeam: { name: "team-password-team", limit: 30, windowSeconds: 900, key: byTeamName },
} satisfies Record<string, RateLimitRule>;

const refusal = (rule: RateLimitRule, retryAfterSeconds: number) =>
  new AppError("rate_limited", {
    retryAfterSeconds,
    ...(rule.messageKey ? { messageKey: rule.messageKey, vars: { seconds: retryAfterSeconds } } : {}),
  });

async function hitRules(limiter: RateLimiter, scale: number, rules: RateLimitRule[], request: FastifyRequest): Promise<void> {
  for (const rule of rules) {
    const result = await limiter.hit(`${rule.name}:${rule.key(request)}`, Math.ceil(rule.limit * scale), rule.windowSeconds);
    if (!result.allowed) throw refusal(rule, result.retryAfterSeconds);
  }
}

export function rateLimit(limiter: RateLimiter, scale: number, ...rules: RateLimitRule[]): preHandlerAsyncHookHandler {
  return (request) => hitRules(limiter, scale, rules, request);
}

/**
 * A limit counted by the write it guards, in the same statement (issue 62
 * §2: one round trip and one commit instead of two). The repository's
 * statement takes `limitParams(limit)`, puts `limitHitCte` in a CTE named
 * `limit_hit`, writes only `withinLimit`, and returns the hit's `count` and
 * `retry_after`; `check(hitOf(row))` then refuses as `rateLimit` would. Over the limit,
 * the write does not happen and the hit still counts.
 */
export interface LimitInStatement {
  key: string;
  windowSeconds: number;
  limit: number;
  check(result: { count: number; retry_after: number } | undefined): void;
}

/** What a prepared statement carrying a limit takes as parameters (placeholders when it carries none). */
export type LimitParams = { limitKey: string; limitWindow: number; limit: number };

export const limitParams = (limit: LimitInStatement | null): LimitParams => ({
  limitKey: limit?.key ?? "",
  limitWindow: limit?.windowSeconds ?? 0,
  limit: limit?.limit ?? 0,
});

/**
 * The pieces of a statement carrying a limit: the body of its `limit_hit`
 * CTE (the counter's hit, or one row of nulls when not `limited`), the
 * condition its write is made under, and the hit it returned, for `check`.
 */
export const limitHitCte = (p: LimitParams, limited: boolean) =>
  limited ? counterHit(p.limitKey, p.limitWindow) : sql`select null::int as count, null::int as retry_after`;
export const withinLimit = (p: LimitParams, limited: boolean) =>
  limited ? sql`(select count from limit_hit) <= ${p.limit}::int` : sql`true`;
export const hitOf = (row: { count: number | null; retry_after: number | null } | undefined) =>
  row?.count == null ? undefined : { count: row.count, retry_after: row.retry_after! };

/**
 * The rule's hit for this request inside the write's statement when the
 * limiter counts in statements (the database's); with another limiter
 * (Redis), the hit is made now, as `rateLimit` does, and null is returned.
 */
export async function limitInStatement(
  limiter: RateLimiter,
  scale: number,
  rule: RateLimitRule,
  request: FastifyRequest,
): Promise<LimitInStatement | null> {
  if (!limiter.countsInStatements) {
    await hitRules(limiter, scale, [rule], request);
    return null;
  }
  const key = `${rule.name}:${rule.key(request)}`;
  const limit = Math.ceil(rule.limit * scale);
  return {
    key,
    windowSeconds: rule.windowSeconds,
    limit,
    check(result) {
      if (!result || result.count <= limit) return;
      limiter.refusedInStatement?.(key);
      throw refusal(rule, Math.max(1, result.retry_after));
    },
  };
}
