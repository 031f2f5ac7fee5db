import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A staff directory proposes, the person accepts (issue 58 §3). An entry
 * whose email is a Kindly account's is no longer linked by the provider's
 * word: the account is invited (`invited_at`, once per address) and linked
 * only when its owner says yes in the workplace area; `declined_at` when
 * they say it is not them. Existing links stay as they are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table staff_directory_people add column invited_at timestamptz, add column declined_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table staff_directory_people drop column invited_at, drop column declined_at`.execute(db);
}
