import { sql, type RawBuilder } from "kysely";
import type { ContestView } from "../../../shared/schemas/contests.js";

/**
 * Which contest is running: the one whose period holds the instant, start
 * included, end excluded. The instant is always the application's clock (the
 * `now` a service was given, or an act's `scanned_at`, which the scan sets
 * from the same `now`), never PostgreSQL's `now()`, so a test that injects a
 * time sees one consistent world.
 */
export function contestStatus(startsAt: Date, endsAt: Date, at: Date): ContestView["status"] {
  if (at < startsAt) return "upcoming";
  return at < endsAt ? "active" : "completed";
}

/** The same rule for SQL: `alias` names the contests table in the statement. */
export function contestRunningAt(alias: string, at: Date | RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.starts_at`)} <= ${at} and ${sql.ref(`${alias}.ends_at`)} > ${at})`;
}
