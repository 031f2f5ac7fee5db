import type { Kysely } from "kysely";
import { installFunction } from "../install-function.js";
import { CONTEST_TICKETS } from "../../../features/contests/sql/contest-tickets.js";
import { RECORD_ACTS } from "../../../features/scan/sql/record-acts.js";

/*
 * A scan's contest tickets are the contests feature's (issue 63 §3): it owns
 * contest_entries and gives the tickets by its own function,
 * contest_give_tickets, which record_acts calls for each act it records.
 * The same tickets as before, in the same statement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await installFunction(db, CONTEST_TICKETS);
  await installFunction(db, RECORD_ACTS);
}

// record_acts stays as its file has it (it calls contest_give_tickets): the function stays too.
export async function down(): Promise<void> {}
