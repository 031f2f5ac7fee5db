import type { Kysely, Transaction } from "kysely";
import { DAILY_SCAN_LIMIT } from "../../../shared/acts/daily-limit.js";
import type { DB } from "../../platform/db/schema.js";
import * as repo from "./act-numbering-repository.js";
import { recordActs, type RecordActInput, type RecordActResult } from "./scan-repository.js";
import { keepReplays } from "./scan-replay-repository.js";
import { enqueueTasks } from "../../platform/jobs/task-queue.js";

/**
 * Writes scans and numbers acts, in batches (see act-numbering-repository.ts).
 *
 * Each process runs at most one scan batch at a time; scans decided while a
 * batch runs wait for the next one, which writes all of them together in one
 * transaction: first each person's part, side by side with other processes'
 * batches, then, under the act counter's lock, every act inserted with its
 * number, the batch counted into the shared aggregates and announced, and
 * one durable commit. So the counter's lock, the commit, the statement and
 * the announcement are paid once per batch, not once per scan, and no act is
 * written twice. Every act is numbered as it is inserted (migration 0033
 * numbered the last ones an older version had left waiting).
 */
export interface ActNumbering {
  /** Writes a decided scan in the next batch; resolves with its outcome once the batch has committed. */
  record(input: RecordActInput): Promise<RecordActResult>;
  /**
   * A scan refused for impossible travel (rule 3): told to whoever reviews
   * unusual patterns (anomalies, through the hook bootstrap.ts gives), since
   * that feature reads the acts and the engine cannot import it.
   */
  impossibleTravel(userId: string, at: Date, travel: Travel): Promise<void>;
}

/** How far and how fast an impossible journey went. */
export type Travel = { distanceKm: number; speedKmh: number };

/** At most this many scans per batch, so one batch's transaction (and the counter's lock) stays short. */
export const MAX_SCAN_BATCH = 200;

/**
 * One scan batch: writes the scans (each act numbered as it is inserted,
 * under the counter's lock from then on), counts them into the shared
 * aggregates and announces them.
 */
async function writeScanBatch(
  db: Kysely<DB>,
  eventsChannel: string,
  inputs: RecordActInput[],
): Promise<{ results: RecordActResult[]; numbered: repo.NumberedAct[]; queuedTasks: boolean }> {
  return db.transaction().execute(async (trx) => {
    const results = await recordActs(trx, DAILY_SCAN_LIMIT, inputs);
    await keepReplays(
      trx,
      inputs.flatMap((input, i) => {
        const result = results[i]!;
        return input.replay && result.status === "recorded"
          ? [{ userId: input.userId, key: input.replay.key, fingerprint: input.replay.fingerprint, answer: input.replay.answer(result) }]
          : [];
      }),
    );
    const followUps = inputs.flatMap((input, i) => (input.followUp && results[i]!.status === "recorded" ? [input.followUp] : []));
    await enqueueTasks(trx, followUps);
    const queuedTasks = followUps.length > 0;
    const numbers = results.flatMap((result) => (result.status === "recorded" ? [result.actNumber] : []));
    // Nothing recorded: the counter was not taken.
    if (numbers.length === 0) return { results, numbered: [], queuedTasks };
    const last = Math.max(...numbers);
    const numbered = await repo.readNumberedRange(trx, last - numbers.length, last);
    await repo.countIntoSharedAggregates(trx, numbered);
    await repo.notifyNumbered(trx, eventsChannel, numbered);
    return { results, numbered, queuedTasks };
  });
}

/**
 * Reserves `count` consecutive act numbers inside the caller's transaction
 * (manual acts recorded by the official account get one contiguous range):
 * under the counter's lock until the caller commits, so no scan's number
 * falls inside the range. The caller inserts its acts with these numbers and
 * counts them with `countIntoSharedAggregates`.
 */
export async function reserveActNumberRange(trx: Transaction<DB>, count: number): Promise<{ first: number; last: number }> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("count must be a positive integer");
  const last = await repo.lockCounter(trx);
  await repo.advanceCounter(trx, last + count);
  return { first: last + 1, last: last + count };
}

/**
 * Holds the numbering lock until the caller's transaction ends: what the
 * caller then writes (a team membership stamped with the clock) is seen whole
 * by every act counted after it, and by none counted before (teams-service.ts).
 * Take it after the caller's own row locks, as scans do.
 */
export async function holdActNumbering(trx: Transaction<DB>): Promise<void> {
  await repo.lockCounter(trx);
}

export interface NumberingHooks {
  onNumbered?: () => void;
  /** Each batch's size (for /metrics). */
  onBatch?: (size: number) => void;
  /** Each waiting act: seconds from its request for a number to the number (for /metrics). */
  onLag?: (seconds: number) => void;
  /** A committed batch queued follow-up tasks (the process's task queue is kicked). */
  onTasksQueued?: () => void;
  /** A scan refused for impossible travel, flagged for review (anomalies' `flagImpossibleTravel`). */
  onImpossibleTravel?: (userId: string, at: Date, travel: Travel) => Promise<void>;
}

export function createActNumbering(db: Kysely<DB>, eventsChannel: string, hooks: NumberingHooks = {}): ActNumbering {
  type Queued = { input: RecordActInput; since: number; resolve: (result: RecordActResult) => void; reject: (error: unknown) => void };
  const queue: Queued[] = [];
  let writing: Promise<void> | null = null;

  const writeBatch = async (batch: Queued[]) => {
    const { results, numbered, queuedTasks } = await writeScanBatch(
      db,
      eventsChannel,
      batch.map((entry) => entry.input),
    );
    if (numbered.length > 0) hooks.onNumbered?.();
    if (queuedTasks) hooks.onTasksQueued?.();
    hooks.onBatch?.(numbered.length);
    batch.forEach((entry, i) => {
      if (results[i]!.status === "recorded") hooks.onLag?.((performance.now() - entry.since) / 1000);
      entry.resolve(results[i]!);
    });
  };

  const writeLoop = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_SCAN_BATCH);
      try {
        await writeBatch(batch);
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        // The batch rolled back; one scan's failure (a unique index catching
        // a race) must not fail the others: each is written again, alone.
        for (const entry of batch) await writeBatch([entry]).catch(entry.reject);
      }
    }
  };

  const kickWriter = () => {
    writing ??= writeLoop().finally(() => {
      writing = null;
      if (queue.length > 0) kickWriter();
    });
  };

  return {
    record(input) {
      const since = performance.now();
      const promise = new Promise<RecordActResult>((resolve, reject) => queue.push({ input, since, resolve, reject }));
      kickWriter();
      return promise;
    },
    async impossibleTravel(userId, at, travel) {
      await hooks.onImpossibleTravel?.(userId, at, travel);
    },
  };
}

/** What routes that record acts receive (bootstrap.ts composes it into AppDeps). */
export interface NumberingDeps {
  /** Numbers committed acts in batches; a scan's response waits for its number. */
  numbering: ActNumbering;
}
