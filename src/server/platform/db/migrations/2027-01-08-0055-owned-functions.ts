import type { Kysely } from "kysely";
import { installFunction } from "../install-function.js";
import { CONTEST_RULE } from "../../../features/contests/sql/contest-rule.js";
import { RECORD_ACTS } from "../../../features/scan/sql/record-acts.js";

/*
 * The database's functions as their owners' files have them (issue 63 §2):
 * record_acts names the rule it checks again by its number (SCAN_RULES).
 * Nothing else changes: a database migrated before has the same functions,
 * with the comments the files have now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await installFunction(db, CONTEST_RULE);
  await installFunction(db, RECORD_ACTS);
}

// The texts differ only in comments from the ones before: going down keeps them.
export async function down(): Promise<void> {}
