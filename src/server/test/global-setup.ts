import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../platform/db/embedded-postgres.js";
import { privateClusterUnavailable, startPrimary, startReplica } from "./pg-cluster.js";
import { freePort } from "./server-process.js";
import { temporaryDataFolder } from "./data-folder.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL every API test runs on: DATABASE_URL's, or the run's own embedded server. */
    databaseUrl: string;
    /** A private primary and its streaming replica, for the "replica" run of the API suite. */
    replicaPair: { primary: string; replica: string } | null;
  }
}

/**
 * The run's databases. Without DATABASE_URL, one embedded PostgreSQL (the
 * same server `npm start` runs) serves the whole run; each test server works
 * in a schema of its own on it.
 *
 * Also a primary and a streaming replica of the tests' own, so the API
 * suite's public reads also run with DATABASE_READ_URL on a real replica. The
 * primary commits with `remote_apply` (each commit waits until the replica has
 * applied it), so the suite's direct database writes are visible to replica
 * reads at once; the asynchronous case has its own test (read-routing.api.test.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const teardown: (() => Promise<void> | void)[] = [];
  if (process.env.DATABASE_URL) project.provide("databaseUrl", process.env.DATABASE_URL);
  else {
    const folder = temporaryDataFolder("kindly-test-pg-");
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(folder, "pg"), tuning: "tests" });
    project.provide("databaseUrl", embedded.url);
    teardown.push(async () => {
      await embedded.stop();
      rmSync(folder, { recursive: true, force: true });
    });
  }
  const unavailable = privateClusterUnavailable();
  if (unavailable) {
    if (process.env.KINDLY_REQUIRE_ALL === "1") throw new Error(`KINDLY_REQUIRE_ALL=1 but no replica can run: ${unavailable}`);
    // Said loudly: a skipped run is not a passing one (CI sets KINDLY_REQUIRE_ALL and fails instead).
    process.stderr.write(
      `\n${"!".repeat(78)}\nSKIPPED: the streaming-replica tests, since ${unavailable}.\n` +
        `The public reads ran on the primary only. Install PostgreSQL's server tools (apt-get install postgresql) to run them.\n${"!".repeat(78)}\n\n`,
    );
    project.provide("replicaPair", null);
  } else {
    const primary = startPrimary(await freePort());
    const replica = startReplica(primary, await freePort());
    const client = new pg.Client({ connectionString: primary.url });
    await client.connect();
    await client.query("alter system set synchronous_standby_names = '*'");
    await client.query("alter system set synchronous_commit = 'remote_apply'");
    await client.query("select pg_reload_conf()");
    await client.end();
    project.provide("replicaPair", { primary: primary.url, replica: replica.url });
    teardown.push(() => {
      replica.destroy();
      primary.destroy();
    });
  }
  return async () => {
    for (const step of teardown.reverse()) await step();
  };
}
