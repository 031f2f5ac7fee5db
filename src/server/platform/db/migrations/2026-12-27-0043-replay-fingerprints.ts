import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A scan's idempotency key is kept with the fingerprint of the request it
 * came with (issue 58 §7, as Stripe and the IETF Idempotency-Key draft do):
 * the same key with another request is refused (422 idempotency_key_reused)
 * instead of answering the first act. Rows kept before have none and match
 * any request for their last hours.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table scan_replays add column request_hash text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table scan_replays drop column request_hash`.execute(db);
}
