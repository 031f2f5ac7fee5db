import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * `kindly verify --since <day>` (issue 62 §3): a check or repair of the
 * last days reads only their acts. Acts are appended in the order they are
 * recorded, so their days follow the table's physical order: a BRIN index
 * (a few kilobytes per billion rows' worth of block ranges, nothing to
 * update on most inserts) finds the block ranges of a range of days, where a
 * B-tree would cost every scan an index insert and tens of bytes per act.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index acts_scan_day_brin on acts using brin (scan_day)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index acts_scan_day_brin`.execute(db);
}
