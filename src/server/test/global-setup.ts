import pg from "pg";
import type { TestProject } from "vitest/node";
import { privateClusterUnavailable, startPrimary, startReplica } from "./pg-cluster.js";
import { freePort } from "./server-process.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A private primary and its streaming replica, for the "replica" run of the API suite. */
    replicaPair: { primary: string; replica: string } | null;
  }
}

/**
 * Starts a primary and a streaming replica of the tests' own once per run, so
 * the API suite can also run with DATABASE_READ_URL on a real replica. The
 * primary commits with `remote_apply` (each commit waits until the replica has
 * applied it), so the suite's direct database writes are visible to replica
 * reads at once; the asynchronous case has its own test (read-routing.api.test.ts).
 */
export default async function setup(project: TestProject): Promise<(() => void) | void> {
  const unavailable = privateClusterUnavailable();
  if (unavailable) {
    if (process.env.KINDLY_REQUIRE_ALL === "1") throw new Error(`KINDLY_REQUIRE_ALL=1 but no replica can run: ${unavailable}`);
    project.provide("replicaPair", null);
    return;
  }
  const primary = startPrimary(await freePort());
  const replica = startReplica(primary, await freePort());
  const client = new pg.Client({ connectionString: primary.url });
  await client.connect();
  await client.query("alter system set synchronous_standby_names = '*'");
  await client.query("alter system set synchronous_commit = 'remote_apply'");
  await client.query("select pg_reload_conf()");
  await client.end();
  project.provide("replicaPair", { primary: primary.url, replica: replica.url });
  return () => {
    replica.destroy();
    primary.destroy();
  };
}
