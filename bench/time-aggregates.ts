import { sql } from "kysely";
import { rebuildAggregates, reconcileAggregates } from "../src/server/features/scan/index.js";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "./bench-server.js";
import { bulkLoad } from "./bulk-load.js";

// How long building and checking the aggregates takes at a size (issue 62 §3):
// `npx tsx bench/time-aggregates.ts 1000000` on DATABASE_URL.
const acts = Number(process.argv[2] ?? 1_000_000);
const schema = await freshSchema("kindly_bench_aggregates");
const server = await startBenchServer(schema, 3931);
const database = await openSchema(schema);
try {
  let started = performance.now();
  await bulkLoad(database.db, { acts, users: 100_000, organizations: 1_000 });
  console.log(`bulk load with rebuild, ${acts.toLocaleString("en")} acts: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await rebuildAggregates(database.db);
  console.log(`rebuildAggregates alone: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const report = await reconcileAggregates(database.db, { repair: false });
  console.log(`kindly verify (no drift: ${report.drift.length === 0}): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await sql`update leaderboard_counts set acts = acts + 1 where period = 'all'`.execute(database.db);
  started = performance.now();
  await reconcileAggregates(database.db, { repair: true });
  console.log(`kindly verify --repair (leaderboards drifting): ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
  await server.stop();
  await dropSchema(schema);
}
