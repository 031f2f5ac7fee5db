import { sql, type Kysely } from "kysely";

/*
 * The database's own functions each live in the feature that owns them, one
 * file each in its sql/ folder (record_acts in features/scan/sql/, the
 * running-contest rule in features/contests/sql/), and are listed in its
 * declaration (`sqlFunctions`): a migration installs or reinstalls one by
 * its text, so no migration copies another's body.
 */

/** Runs each statement of a function's text (no parameters: the text is ours). */
export async function installFunction(db: Kysely<any>, statements: string | readonly string[]): Promise<void> {
  for (const statement of typeof statements === "string" ? [statements] : statements) await sql.raw(statement).execute(db);
}
