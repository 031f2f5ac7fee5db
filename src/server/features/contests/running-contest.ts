import { sql, type RawBuilder } from "kysely";
import type { ContestView } from "../../../shared/schemas/contests.js";

/*
 * The running-contest rule lives in the database, once
 * (features/contests/sql/contest-rule.ts: start included, end excluded, at
 * the application's clock): record_acts gives tickets by it, and these
 * builders put it into this app's queries. The instant is always the
 * application's (a service's `now`, or an act's `scanned_at`, which the scan
 * sets from the same `now`), never PostgreSQL's now(), so a test that injects
 * a time sees one consistent world.
 */

const column = (alias: string | null, name: string) => sql.ref(alias ? `${alias}.${name}` : name);

/** Whether the contest (`alias` names the contests table in the statement) runs at `at`. */
export function contestRunningAt(alias: string, at: Date | RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`contest_running_at(${column(alias, "starts_at")}, ${column(alias, "ends_at")}, ${at}::timestamptz)`;
}

/** The contest's status at `at`: upcoming, active or completed (read with its row). */
export function contestStatusAt(alias: string | null, at: Date): RawBuilder<ContestView["status"]> {
  return sql<ContestView["status"]>`contest_status(${column(alias, "starts_at")}, ${column(alias, "ends_at")}, ${at}::timestamptz)`;
}
