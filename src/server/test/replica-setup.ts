import type { TestProject } from "vitest/node";
import { privateClusterUnavailable, startPrimary, startReplica } from "./pg-cluster.js";
import { freePort } from "./server-process.js";
import { createTemplateDatabase, onServer } from "./test-databases.js";

/**
 * A primary and a streaming replica of the tests' own, for the files whose
 * public reads also run with DATABASE_READ_URL on a real replica
 * (vitest.config.ts's "replica" project; no other run starts them). The
 * primary commits with `remote_apply` (each commit waits until the replica
 * has applied it), so a test's direct database writes are visible to replica
 * reads at once; the asynchronous case has its own test (read-routing.api.test.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const unavailable = privateClusterUnavailable();
  if (unavailable) {
    if (process.env.KINDLY_REQUIRE_ALL === "1") throw new Error(`KINDLY_REQUIRE_ALL=1 but no replica can run: ${unavailable}`);
    // Said loudly: a skipped run is not a passing one (CI sets KINDLY_REQUIRE_ALL and fails instead).
    process.stderr.write(
      `\n${"!".repeat(78)}\nSKIPPED: the streaming-replica tests, since ${unavailable}.\n` +
        `The public reads ran on the primary only. Install PostgreSQL's server tools (apt-get install postgresql) to run them.\n${"!".repeat(78)}\n\n`,
    );
    project.provide("replicaPair", null);
    return async () => undefined;
  }
  const primary = await startPrimary(await freePort());
  const replica = await startReplica(primary, await freePort());
  await onServer(primary.url, async (client) => {
    await client.query("alter system set synchronous_standby_names = '*'");
    await client.query("alter system set synchronous_commit = 'remote_apply'");
    await client.query("select pg_reload_conf()");
  });
  // Copied on the primary, each copy reaches the replica like any other write.
  const template = await createTemplateDatabase(primary.url);
  project.provide("replicaPair", { primary: primary.url, replica: replica.url, template: template.name });
  return async () => {
    await replica.destroy();
    await primary.destroy();
  };
}
