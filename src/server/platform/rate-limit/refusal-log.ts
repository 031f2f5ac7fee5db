import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { RateLimiter } from "./rate-limiter.js";

/**
 * Counts the requests a limiter refuses, per rule and minute, in the database
 * every process shares (the admin panel's System tab). Keys are
 * `<rule>:<who>`; only the rule is kept. The count is written beside the
 * refusal, never in its way.
 */
export function withRefusalLog(limiter: RateLimiter, db: Kysely<DB>): RateLimiter {
  const logRefusal = (key: string) => {
    const rule = key.slice(0, Math.max(0, key.indexOf(":"))) || key;
    sql`insert into rate_limit_refusals (rule, minute, refusals) values (${rule}, date_trunc('minute', now()), 1)
        on conflict (minute, rule) do update set refusals = rate_limit_refusals.refusals + 1`
      .execute(db)
      .catch(() => undefined);
  };
  return {
    async hit(key, limit, windowSeconds) {
      const result = await limiter.hit(key, limit, windowSeconds);
      if (!result.allowed) logRefusal(key);
      return result;
    },
    ...(limiter.countsInStatements ? { countsInStatements: true as const, refusedInStatement: logRefusal } : {}),
    close: () => limiter.close(),
  };
}

export async function refusalsSince(db: Kysely<DB>, since: Date): Promise<{ rule: string; refusals: number }[]> {
  const rows = await db
    .selectFrom("rate_limit_refusals")
    .select(["rule", (eb) => eb.fn.sum<string>("refusals").as("refusals")])
    .where("minute", ">=", since)
    .groupBy("rule")
    .orderBy("refusals", "desc")
    .execute();
  return rows.map((row) => ({ rule: row.rule, refusals: Number(row.refusals) }));
}

/** Keeps a week of refusals (housekeeping.ts). */
export async function pruneRefusals(db: Kysely<DB>, now = new Date()): Promise<void> {
  await db
    .deleteFrom("rate_limit_refusals")
    .where("minute", "<", new Date(now.getTime() - 7 * 86_400_000))
    .execute();
}
