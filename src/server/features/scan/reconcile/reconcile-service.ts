import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { aggregates } from "./aggregate-definitions.js";
import {
  countMissingNumbers,
  findDrift,
  lockAggregates,
  markClosedDaysChanged,
  prepareBoardScope,
  prepareRuleTables,
  prepareScope,
  rebuildFromActs,
  repairDrift,
  type Drift,
} from "./reconcile-repository.js";

export interface ReconcileReport {
  /** Aggregates that disagree with the acts (before any repair). */
  drift: Drift[];
  /** Act numbers between 1 and the highest that no act carries (never renumbered, so never repaired); not counted in a check since a day (it reads every number). */
  missingNumbers: number | null;
  repaired: boolean;
  /** The first New York day checked, or null for every day. */
  since: string | null;
}

/**
 * Recomputes every aggregate from the acts and reports where they differ
 * (`npm run kindly -- verify`); with `repair`, rewrites the drifting rows in
 * one transaction while scans wait. Act numbers are never changed.
 *
 * `since` (a New York day): only what the acts of that day and after count
 * in (`verify --since`), at the cost of those acts and their people's, not
 * of the whole history (aggregate-definitions.ts, "A check since a day").
 */
export async function reconcileAggregates(db: Kysely<DB>, options: { repair: boolean; since?: string }): Promise<ReconcileReport> {
  const since = options.since ?? null;
  const checks = since ? aggregates().map((d) => (d.since === "whole" ? d : { ...d, ...d.since })) : aggregates();
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      // Locks first: repeatable read takes its snapshot at the first query, so the repair sees everything committed before it.
      if (options.repair) await lockAggregates(trx);
      if (since) await prepareScope(trx, since);
      await prepareRuleTables(trx, since !== null);
      if (since) await prepareBoardScope(trx);
      const drift: Drift[] = [];
      for (const definition of checks) {
        const found = await findDrift(trx, definition);
        if (found.rows > 0) drift.push(found);
      }
      if (options.repair) {
        for (const definition of checks) {
          if (drift.some((d) => d.name === definition.name)) await repairDrift(trx, definition);
        }
        if (drift.length > 0) await markClosedDaysChanged(trx);
      }
      return { drift, missingNumbers: since ? null : await countMissingNumbers(trx), repaired: options.repair && drift.length > 0, since };
    });
}

/**
 * Every aggregate built afresh from the acts, in one transaction while scans
 * wait: for a database loaded in bulk (the benchmark's millions of acts),
 * where finding drift first would compare every row only to find it missing
 * (issue 62 §3). The same definitions as the check, so no rule is restated.
 */
export async function rebuildAggregates(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockAggregates(trx);
    await prepareRuleTables(trx);
    for (const definition of aggregates()) await rebuildFromActs(trx, definition);
    await markClosedDaysChanged(trx);
  });
}

/** The report as the operator reads it. */
export function describeReport(report: ReconcileReport): string[] {
  const lines: string[] = [];
  if (report.since) lines.push(`Checked what the acts of ${report.since} and after count in.`);
  if (report.drift.length === 0) lines.push("Every aggregate agrees with the acts.");
  for (const drift of report.drift) {
    lines.push(`${drift.name}: ${drift.rows} row${drift.rows === 1 ? "" : "s"} differ${drift.rows === 1 ? "s" : ""} from the acts`);
    for (const example of drift.examples) lines.push(`    ${JSON.stringify(example)}`);
  }
  if (report.missingNumbers !== null && report.missingNumbers > 0) {
    lines.push(
      `${report.missingNumbers} act number(s) below the highest belong to no act (acts deleted with their accounts); numbers are never reused.`,
    );
  }
  if (report.repaired) lines.push("Repaired: the drifting rows now hold the values recomputed from the acts.");
  else if (report.drift.length > 0) lines.push("Run again with --repair to fix them in one transaction.");
  return lines;
}
