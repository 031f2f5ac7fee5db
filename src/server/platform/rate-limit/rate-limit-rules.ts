import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError } from "../../kernel/app-error.js";
import { counterHit, type RateLimiter } from "./rate-limiter.js";
import { sql } from "kysely";

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is counted: the client address, optionally with a field of the body. */
  key: (request: FastifyRequest) => string;
  /** A message saying what was limited (server message files), instead of the generic one. */
  messageKey?: string;
}

/**
 * What a rule counts by (features declare their rules with these,
 * features/<name>/rate-limits.ts): the client address, the address with the
 * email typed, or the signed-in person (the address when signed out).
 */
export const rateLimitKeys = {
  byIp: (request: FastifyRequest) => request.ip,
  byIpAndEmail: (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `${request.ip}:${typeof email === "string" ? email.trim().toLowerCase() : ""}`;
  },
  byUser: (request: FastifyRequest) => request.userId ?? request.ip,
};

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
