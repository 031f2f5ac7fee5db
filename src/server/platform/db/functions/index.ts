import { sql, type Kysely } from "kysely";

/*
 * The database's own functions, one file each: a migration installs or
 * reinstalls one by its text, so no migration copies another's body.
 */
export { CONTEST_RULE } from "./contest-rule.js";
export { RECORD_ACTS } from "./record-acts.js";

/** Runs each statement of a function's text (no parameters: the text is ours). */
export async function installFunction(db: Kysely<any>, statements: string | readonly string[]): Promise<void> {
  for (const statement of typeof statements === "string" ? [statements] : statements) await sql.raw(statement).execute(db);
}
