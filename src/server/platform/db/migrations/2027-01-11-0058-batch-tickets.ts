import { sql, type Kysely } from "kysely";
import { installFunction } from "../install-function.js";
import { CONTEST_TICKETS, CONTEST_TICKETS_PER_ACT } from "../../../features/contests/sql/contest-tickets.js";
import { RECORD_ACTS } from "../../../features/scan/sql/record-acts.js";

/*
 * A scan batch's contest tickets are given in one call for the batch, not one
 * per act (issue 63, the scan at its floor): contest_give_tickets takes the
 * batch's people and times, and record_acts calls it once. The same tickets
 * as before; the per-act function is dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await installFunction(db, CONTEST_TICKETS);
  await installFunction(db, RECORD_ACTS);
  await sql.raw(CONTEST_TICKETS_PER_ACT).execute(db);
}

// The new functions answer for the old: nothing to undo.
export async function down(): Promise<void> {}
