import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import type { Kysely } from "kysely";
import type { DB } from "../platform/db/schema.js";
import { TestClient } from "./http-client.js";

type Place = { code: { org: string; loc: string; type: "virtual" }; at: { lat: number; lon: number } };

export interface LoadReport {
  /** Acts the server acknowledged (201), by id, with the number it gave. */
  acknowledged: Map<string, number>;
  /** Answers by status; "network" when no answer came at all. */
  statuses: Map<string, number>;
  /** Every 5xx answer that was not a 503 in Kindly's shape with Retry-After, for the failure message. */
  wrong: string[];
  /** Scans given an answer only after one or more tries (a 503 or no answer first). */
  retried: number;
}

/**
 * People scanning, as the app does: each tap carries an idempotency key,
 * and a 503 or no answer at all is tried again with the same key after a
 * growing pause (the scan page's own retries). Reads of the public figures
 * run beside. Runs until `stop()`.
 */
export function startScanLoad(options: {
  /** Where each request goes: one server, or any of several (a cluster's balancer is one address too). */
  baseUrl: () => string;
  users: { cookie: string }[];
  places: Place[];
  walkers?: number;
  pauseMs?: number;
}) {
  const report: LoadReport = { acknowledged: new Map(), statuses: new Map(), wrong: [], retried: 0 };
  let stopped = false;
  const count = (key: string) => report.statuses.set(key, (report.statuses.get(key) ?? 0) + 1);
  const judge = (res: { status: number; body: any; headers: Headers }, what: string) => {
    count(String(res.status));
    if (res.status < 500) return;
    const kindly = res.status === 503 && typeof res.body?.error?.code === "string" && res.headers.get("retry-after");
    if (!kindly) report.wrong.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const walkers = options.walkers ?? 10;
  const pauseMs = options.pauseMs ?? 100;

  const scanOnce = async (client: () => TestClient, place: Place) => {
    const key = randomUUID();
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) report.retried += attempt === 1 ? 1 : 0;
      const res = await client()
        .post("/api/scans", { ...place.code, ...place.at }, { "idempotency-key": key })
        .catch(() => null);
      if (res === null) count("network");
      else judge(res, "POST /api/scans");
      if (res?.status === 201) {
        report.acknowledged.set(res.body.actId as string, res.body.actNumber as number);
        return;
      }
      if (res !== null && res.status !== 503) return;
      // The app gives up after a while too; by then the fault tests have failed anyway.
      if (stopped && attempt > 40) return;
      await sleep(Math.min(100 * 2 ** attempt, 1000));
    }
  };

  const runs = Array.from({ length: walkers }, async (_, w) => {
    const mine = options.users.filter((_, i) => i % walkers === w);
    for (const user of mine) {
      const client = () => new TestClient(options.baseUrl(), { cookie: user.cookie });
      // 20 a day per person: each walks 20 places, then the next person takes over.
      for (const place of options.places.slice(0, 20)) {
        if (stopped) return;
        await scanOnce(client, place);
        const read = await new TestClient(options.baseUrl()).get("/api/stats").catch(() => null);
        if (read === null) count("network");
        else judge(read, "GET /api/stats");
        await sleep(pauseMs);
      }
    }
  });

  return {
    report,
    /** Stops starting new scans; resolves once every scan in flight has its answer. */
    async stop(): Promise<LoadReport> {
      stopped = true;
      await Promise.all(runs);
      return report;
    },
  };
}

/** Every acknowledged act is there with the number it was given, and the numbers run 1..n without a gap. */
export async function expectNoActLost(db: Kysely<DB>, acknowledged: Map<string, number>): Promise<void> {
  const acts = await db.selectFrom("acts").select(["id", "act_number"]).execute();
  const numberOf = new Map(acts.map((act) => [act.id, act.act_number]));
  const lost = [...acknowledged].filter(([id, number]) => numberOf.get(id) !== number);
  expect(lost).toEqual([]);
  const numbers = acts.map((act) => act.act_number);
  expect(numbers.filter((n) => n === null)).toEqual([]);
  expect((numbers as number[]).sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
}
