import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.js";

/**
 * PostgreSQL knows this IANA zone: the statements that convert a local hour
 * (streak reminders, committee meetings in calendars) would fail on one it does not.
 */
export async function isKnownTimeZone(db: Kysely<DB>, timeZone: string): Promise<boolean> {
  const { rows } = await sql<{ known: boolean }>`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`.execute(
    db,
  );
  return rows[0]!.known;
}
