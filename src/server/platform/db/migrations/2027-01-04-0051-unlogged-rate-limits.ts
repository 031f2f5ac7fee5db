import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Every write done at its floor (issue 62 §2): each limited request wrote a
 * counter and waited for that write to reach the disk, before the write it
 * was limiting waited for its own. A counter is worth nothing after a crash
 * (a window of a minute or an hour starts again), so its table writes no
 * WAL: PostgreSQL commits a transaction that touched only unlogged tables
 * without waiting for the disk, and empties the table after a crash. (Nor is
 * it copied to a replica; only the primary ever counts.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limit_counters set unlogged`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limit_counters set logged`.execute(db);
}
