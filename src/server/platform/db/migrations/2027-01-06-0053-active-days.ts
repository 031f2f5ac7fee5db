import { sql, type Kysely } from "kysely";
import { installFunction } from "../install-function.js";
import { RECORD_ACTS } from "../../../features/scan/sql/record-acts.js";

/*
 * A billion acts (issue 62 §1): the history's "active days" counted the
 * person's days one by one (1,043 of them, 1,037 heap pages read, 26 ms for
 * the busiest person at 10 M acts, and more each day they come). It is kept
 * beside their total instead: record_acts adds a day when the day's first
 * act is claimed, a void takes it back when the day's last act goes
 * (void-act-repository.ts), `kindly verify` checks it. Filled here from the
 * days as they are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table user_stats add column active_days integer not null default 0`.execute(db);
  await sql`
    update user_stats s set active_days = d.days
    from (select user_id, count(*)::int as days from user_scan_days where scans > 0 group by user_id) d
    where d.user_id = s.user_id`.execute(db);
  await installFunction(db, RECORD_ACTS);
}

// record_acts stays as its file has it (it writes active_days): the column stays too.
export async function down(): Promise<void> {}
