import path from "node:path";
import type { Kysely } from "kysely";
import { openDatabase } from "../../src/server/platform/db/client.js";
import { embeddedConnection } from "../../src/server/platform/db/embedded-postgres.js";
import type { DB } from "../../src/server/platform/db/schema.js";

/**
 * The e2e server's embedded PostgreSQL, for the few journeys that must move
 * time (a certificate 335 days old, a kept scan past its expiry): one
 * connection, closed when `work` ends.
 */
export async function withE2eDatabase<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url: embeddedConnection(path.join(process.env.KINDLY_E2E_DATA!, "pg")).url, poolSize: 1 });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
