import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import { prepared } from "../db/prepared.js";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters shared by every server process: in PostgreSQL by
 * default, in Redis when REDIS_URL is set. One atomic statement per hit, so
 * parallel requests from several processes cannot both slip under a limit.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /**
   * Whether a hit may be a part of the caller's own statement (one round trip
   * and one commit for the write it guards; `counterHit`): the database
   * limiter's may, Redis's may not (hit first).
   */
  countsInStatements?: true;
  /** Counts a refusal decided by such a statement (refusal-log.ts). */
  refusedInStatement?(key: string): void;
  close(): Promise<void>;
}

/**
 * The database counter's upsert: one more hit in the key's window, or the
 * first of a new one; returns `count` and `retry_after`. A statement may
 * carry it as a CTE (`countsInStatements`); `key` and `windowSeconds` may be
 * a prepared statement's parameters.
 */
export const counterHit = (key: unknown, windowSeconds: unknown) => {
  const window = sql`make_interval(secs => ${windowSeconds}::int)`;
  return sql<{ count: number; retry_after: number }>`
    insert into rate_limit_counters as c (key, count, window_started_at)
    values (${key}, 1, now())
    on conflict (key) do update set
      count = case when c.window_started_at <= now() - ${window} then 1 else c.count + 1 end,
      window_started_at = case when c.window_started_at <= now() - ${window} then now() else c.window_started_at end
    returning count, ceil(extract(epoch from (window_started_at + ${window} - now())))::int as retry_after`;
};

/*
 * One prepared statement per hit, on an unlogged table (migration 0051): its
 * commit does not wait for the disk, so a limit costs the request it guards
 * a fraction of that request's own write.
 */
const hitCounter = prepared<{ key: string; windowSeconds: number }>()("rate_limit_hit", (_, p) => counterHit(p.key, p.windowSeconds));

export function databaseRateLimiter(db: Kysely<DB>): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const { rows } = await hitCounter.execute(db, { key, windowSeconds });
      const row = rows[0]!;
      return { allowed: row.count <= limit, retryAfterSeconds: Math.max(1, row.retry_after) };
    },
    countsInStatements: true,
    async close() {},
  };
}

export async function redisRateLimiter(url: string): Promise<RateLimiter> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  return {
    async hit(key, limit, windowSeconds) {
      const redisKey = `kindly:rl:${key}`;
      // INCR then EXPIRE NX in one MULTI: the first hit of a window starts its clock.
      const results = await redis.multi().incr(redisKey).expire(redisKey, windowSeconds, "NX").ttl(redisKey).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowSeconds);
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, ttl) };
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Purges expired database counters now and then; Redis expires its own. */
export async function purgeExpiredCounters(db: Kysely<DB>, olderThanSeconds = 86_400): Promise<void> {
  await db
    .deleteFrom("rate_limit_counters")
    .where("window_started_at", "<", sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .execute();
}
