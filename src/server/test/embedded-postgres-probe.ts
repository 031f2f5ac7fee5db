import { startEmbeddedPostgres } from "../platform/db/embedded-postgres.js";
import { openDatabase } from "../platform/db/client.js";
import { sql } from "kysely";

/**
 * Starts the embedded PostgreSQL of the folder given, as whoever runs this
 * script, and prints who the server runs as; for the test that runs it as an
 * ordinary account (embedded-postgres.api.test.ts).
 */
const server = await startEmbeddedPostgres({ dataDir: process.argv[2]! });
const database = await openDatabase({ url: server.url, poolSize: 1 });
const { rows } = await sql<{ who: string }>`select pg_catalog.current_setting('data_directory') as who`.execute(database.db);
const owner = await sql<{ n: number }>`select 1 as n`.execute(database.db);
await database.close();
await server.stop();
process.stdout.write(JSON.stringify({ dataDirectory: rows[0]!.who, answered: owner.rows[0]!.n === 1 }));
