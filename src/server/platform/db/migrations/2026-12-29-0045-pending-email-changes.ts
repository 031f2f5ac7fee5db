import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * An address change waits for the new inbox (issue 58 §1, the "unexpired
 * email change" of the pre-hijacking study). A recovery link used to move an
 * account straight onto a new, unconfirmed address, which then held that
 * address against its real owner. Now the move is a second single-use token
 * in the same table, mailed to the new address, with the address it moves
 * to (`new_email`); the account keeps its confirmed address until it is
 * opened. Rows without `new_email` stay the first link, mailed to the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table email_recovery_tokens add column new_email text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from email_recovery_tokens where new_email is not null`.execute(db);
  await sql`alter table email_recovery_tokens drop column new_email`.execute(db);
}
