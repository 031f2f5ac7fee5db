import { sql, type Kysely, type Transaction } from "kysely";
import type { CommunityEvent } from "../../../shared/schemas/community.js";
import type { DB } from "../db/schema.js";

/**
 * Tells every server process (and through them every open events stream) that
 * something changed. Inside a transaction, PostgreSQL delivers it at commit,
 * so nobody refetches before the change is visible.
 */
export async function publish(db: Kysely<DB> | Transaction<DB>, channel: string, event: CommunityEvent): Promise<void> {
  await sql`select pg_notify(${channel}, ${JSON.stringify(event)})`.execute(db);
}
