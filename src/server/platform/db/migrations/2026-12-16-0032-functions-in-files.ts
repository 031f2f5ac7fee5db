import type { Kysely } from "kysely";
import { installFunction } from "../install-function.js";
import { CONTEST_RULE } from "../../../features/contests/sql/contest-rule.js";
import { RECORD_ACTS } from "../../../features/scan/sql/record-acts.js";

/*
 * The database's functions move out of migrations into files of their own
 * (files of their own, issue 45 §4; since issue 63 in the owning feature's sql/ folder): the running-contest rule as SQL
 * functions (contest_running_at, contest_status), which record_acts now
 * calls instead of restating, and record_acts reinstalled from its file.
 * These files are the database's, not application code: a later migration
 * that changes one reinstalls it the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await installFunction(db, CONTEST_RULE);
  await installFunction(db, RECORD_ACTS);
}

// Going down leaves record_acts as this file has it: it needs the contest functions, which stay too.
export async function down(): Promise<void> {}
