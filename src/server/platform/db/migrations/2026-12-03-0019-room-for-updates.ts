import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Rows every scan updates (issue 29). The index on a person's total made each
 * scan write an index entry; the admin's "top by acts" list now reads the
 * all-time board's rank index instead. With no indexed column changing, and
 * room left on each page (fillfactor), PostgreSQL updates these rows in place
 * (HOT updates) without touching their indexes.
 */
const UPDATED_PER_SCAN = [
  "user_stats",
  "user_scan_days",
  "contest_entries",
  "daily_act_counts",
  "organization_hour_counts",
  "source_day_counts",
  "source_totals",
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists user_stats_total_idx`.execute(db);
  for (const table of UPDATED_PER_SCAN) await sql`alter table ${sql.table(table)} set (fillfactor = 80)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of UPDATED_PER_SCAN) await sql`alter table ${sql.table(table)} reset (fillfactor)`.execute(db);
  await sql`create index user_stats_total_idx on user_stats (total_acts desc, user_id)`.execute(db);
}
