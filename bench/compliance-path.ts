import { randomUUID } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { complianceReport } from "../src/server/features/workplace/index.js";
import { SURVEY_QUESTIONS } from "../src/shared/workplace/climate-survey.js";
import { addMember, buildOrganization, buildUsers } from "../src/server/test/factories.js";
import { insertSurvey } from "../src/server/features/workplace/fixtures.js";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "./bench-server.js";
import { expectOk, percentile, row, runConcurrently } from "./load.js";

const EMPLOYEES = 2000;
const PERIODS = 12;
const ACTIONS = 500;
const REPORTS = 10;
const RESULT_CLIENTS = 10;
const RESULT_REQUESTS = 400;

/**
 * The memory a task needs, in this process: a full collection first (so
 * earlier garbage does not count), then the peak resident memory while it
 * runs, sampled every 5 ms; the largest rise over REPORTS runs. A first run
 * is not counted: it loads the renderer's modules, once per process.
 */
async function generationMemory(task: () => Promise<unknown>): Promise<number> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  await task();
  let largest = 0;
  for (let i = 0; i < REPORTS; i++) {
    gc();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    await task();
    peak = Math.max(peak, process.memoryUsage.rss());
    clearInterval(sampler);
    largest = Math.max(largest, (peak - before) / 1024 / 1024);
  }
  return largest;
}

/** Tallies of `responses` answers per question, spread over the five positions with a tilt that varies by period. */
function talliesFor(responses: number, period: number): number[] {
  return SURVEY_QUESTIONS.flatMap((_, q) => {
    const counts = [0, 0, 0, 0, 0];
    for (let r = 0; r < responses; r++) counts[(r * 7 + q * 3 + period) % 5]! += 1;
    return counts;
  });
}

export async function compliancePath(): Promise<void> {
  console.log(`\nCompliance: an employer with ${EMPLOYEES} employees, ${PERIODS} survey periods and ${ACTIONS} action items, PostgreSQL`);
  const schema = await freshSchema("kindly_bench_compliance");
  const server = await startBenchServer(schema, 3961);
  const database = await openSchema(schema);
  try {
    const { db } = database;
    const { org } = await buildOrganization(db, { name: "Manufacture Bienveillante" });
    await db
      .updateTable("organizations")
      .set({ created_at: new Date("2024-11-01T12:00:00Z") })
      .where("id", "=", org.id)
      .execute();
    const [owner] = await buildUsers(db, server.signing, 1);
    await addMember(db, org.id, owner!.id, "owner");
    const people = await buildUsers(db, server.signing, EMPLOYEES);
    await db
      .insertInto("workplace_access")
      .values(people.map((p) => ({ user_id: p.id, organization_id: org.id, access_code_id: null })))
      .execute();
    const base = `${server.url}/api/organizations/${org.id}/compliance`;
    const asOwner = { cookie: owner!.cookie };

    // Twelve two-month periods, each answered by 1,200 to 1,800 people, closed through the API (which keeps the aggregates).
    const surveyIds: string[] = [];
    for (let p = 0; p < PERIODS; p++) {
      const month = 11 + p * 2;
      const start = new Date(Date.UTC(2024, month - 1, 15)).toISOString().slice(0, 10);
      const end = new Date(Date.UTC(2024, month + 1, 14)).toISOString().slice(0, 10);
      const id = randomUUID();
      await insertSurvey(db, { id, organizationId: org.id, periodStart: start, periodEnd: end, resultsShared: true });
      const responses = 1200 + p * 50;
      await db
        .insertInto("survey_answer_tallies")
        .values({ survey_id: id, shard: 0, responses, counts: talliesFor(responses, p) })
        .execute();
      if (p < PERIODS - 1) await expectOk(fetch(`${base}/surveys/${id}/close`, { method: "POST", headers: asOwner }), 204);
      surveyIds.push(id);
    }
    const priorities = ["critical", "high", "medium", "low"] as const;
    const statuses = ["pending", "in_progress", "completed"] as const;
    await db
      .insertInto("sst_committee_action_items")
      .values(
        Array.from({ length: ACTIONS }, (_, i) => ({
          id: randomUUID(),
          organization_id: org.id,
          title: `Action ${i + 1}: ${["quiet room", "recognition wall", "walking meetings", "workload review"][i % 4]}`,
          priority: priorities[i % 4],
          status: statuses[i % 3],
          due_date: `2026-${String((i % 12) + 1).padStart(2, "0")}-15`,
          completed_date: i % 3 === 2 ? new Date() : null,
          survey_id: i % 10 === 0 ? surveyIds[i % PERIODS]! : null,
          flag_category: i % 10 === 0 ? "stress" : null,
        })),
      )
      .execute();
    for (let m = 0; m < 24; m++) {
      await db
        .insertInto("sst_committee_meetings")
        .values({
          id: randomUUID(),
          organization_id: org.id,
          title: `Meeting ${m + 1}`,
          meeting_date: `2025-${String((m % 12) + 1).padStart(2, "0")}-10`,
          key_decisions: "Decision A\nDecision B",
        })
        .execute();
    }
    console.log(`  data: ${PERIODS} periods closed through the API, ${ACTIONS} actions, 24 meetings`);

    const report = () => expectOk(fetch(`${base}/reports/compliance.pdf?from=2024-11-01&to=2026-11-30`, { headers: asOwner }));
    await report();
    const baseline = server.rssMegabytes();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMegabytes())), 20);
    const reports = await runConcurrently(
      1,
      Array.from({ length: REPORTS }, () => report),
    );
    clearInterval(sampler);
    row(
      `compliance report PDF over HTTP, ${REPORTS} one after another, slowest (p50 ${percentile(reports.latencies, 50).toFixed(0)} ms)`,
      `${(Math.max(...reports.latencies) / 1000).toFixed(2)} s`,
      "≤ 2 s",
    );
    row(
      `server memory above its idle level across the ${REPORTS} reports (garbage V8 has not collected yet included)`,
      `${(peak - baseline).toFixed(0)} MB`,
      "none (shown for context)",
    );
    const generation = await generationMemory(() =>
      complianceReport(database.db, owner!.id, org.id, "compliance", { from: "2024-11-01", to: "2026-11-30" }, "en"),
    );
    row(
      `memory one report generation needs: largest rise of resident memory over ${REPORTS} generations, each after a full collection`,
      `${generation.toFixed(0)} MB`,
      "≤ 100 MB",
    );

    // The open period's results, read by the dashboard: 10 clients at once.
    const open = surveyIds.at(-1)!;
    const results = () => expectOk(fetch(`${base}/surveys/${open}/results`, { headers: asOwner }));
    await runConcurrently(
      RESULT_CLIENTS,
      Array.from({ length: 50 }, () => results),
    );
    const run = await runConcurrently(
      RESULT_CLIENTS,
      Array.from({ length: RESULT_REQUESTS }, () => results),
    );
    row(
      `survey results endpoint, ${RESULT_CLIENTS} concurrent clients, p95 (p50 ${percentile(run.latencies, 50).toFixed(1)})`,
      `${percentile(run.latencies, 95).toFixed(1)} ms`,
      "≤ 30 ms",
    );
  } finally {
    await database.close();
    await server.stop();
    await dropSchema(schema);
  }
}
