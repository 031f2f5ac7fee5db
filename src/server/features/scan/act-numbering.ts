import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import * as repo from "./act-numbering-repository.js";

/**
 * Gives committed acts their numbers, in batches (see act-numbering-repository.ts).
 *
 * Each process runs at most one batch at a time; scans that commit while a
 * batch runs wait for the next one, which numbers all of them together. So
 * the counter's lock is taken once per batch, not once per scan, and the
 * cost of a durable commit is shared by every act in the batch. Another
 * process's batch may number an act first: its number is then read back.
 */
export interface ActNumbering {
  /** Resolves with the act's number once a batch (of any process) has numbered it. */
  numberOf(actId: string): Promise<number>;
  /** Numbers everything waiting now (start-up: acts a crash left unnumbered). */
  drain(): Promise<number>;
}

/** Runs one batch in its own transaction; returns the acts it numbered. */
export async function numberWaitingBatch(db: Kysely<DB>, eventsChannel: string): Promise<repo.NumberedAct[]> {
  return db.transaction().execute(async (trx) => numberWaitingIn(trx, eventsChannel));
}

async function numberWaitingIn(trx: Transaction<DB>, eventsChannel: string): Promise<repo.NumberedAct[]> {
  const last = await repo.lockCounter(trx);
  const numbered = await repo.numberWaitingActs(trx, last);
  await repo.countIntoSharedAggregates(trx, numbered);
  await repo.notifyNumbered(trx, eventsChannel, numbered);
  return numbered;
}

/**
 * Reserves `count` consecutive act numbers inside the caller's transaction
 * (manual acts recorded by the official account get one contiguous range).
 * Acts already waiting are numbered first, so they keep their queue order and
 * no scan's number falls inside the range. The caller inserts its acts with
 * these numbers and counts them with `countIntoSharedAggregates`.
 */
export async function reserveActNumberRange(
  trx: Transaction<DB>,
  eventsChannel: string,
  count: number,
): Promise<{ first: number; last: number }> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("count must be a positive integer");
  let waiting: repo.NumberedAct[];
  do {
    // Under the counter's lock from the first pass on; repeats only when a
    // batch larger than MAX_BATCH was waiting.
    waiting = await numberWaitingIn(trx, eventsChannel);
  } while (waiting.length === repo.MAX_BATCH);
  const last = await repo.lockCounter(trx);
  await repo.advanceCounter(trx, last + count);
  return { first: last + 1, last: last + count };
}

export interface NumberingHooks {
  onNumbered?: () => void;
  /** Each batch's size (for /metrics). */
  onBatch?: (size: number) => void;
  /** Each waiting act: seconds from its request for a number to the number (for /metrics). */
  onLag?: (seconds: number) => void;
}

export function createActNumbering(db: Kysely<DB>, eventsChannel: string, hooks: NumberingHooks = {}): ActNumbering {
  // Several requests may wait for one act (a claim and its replay, scans/pending-scan-service.ts).
  const waiting = new Map<string, { resolve: (n: number) => void; reject: (e: unknown) => void; since: number }[]>();
  let running: Promise<void> | null = null;

  const settle = (numbers: Map<string, number>) => {
    for (const [id, number] of numbers) {
      for (const waiter of waiting.get(id) ?? []) {
        hooks.onLag?.((performance.now() - waiter.since) / 1000);
        waiter.resolve(number);
      }
      waiting.delete(id);
    }
  };

  const loop = async () => {
    while (waiting.size > 0) {
      const expected = new Set(waiting.keys());
      try {
        const numbered = await numberWaitingBatch(db, eventsChannel);
        if (numbered.length > 0) hooks.onNumbered?.();
        hooks.onBatch?.(numbered.length);
        settle(new Map(numbered.map((act) => [act.id, act.actNumber])));
        const missed = [...expected].filter((id) => waiting.has(id));
        // Acts committed before this batch began but not in it: another
        // process's batch numbered them (or the batch was full).
        if (missed.length > 0) settle(await repo.readActNumbers(db, missed));
      } catch (error) {
        // The acts are committed: they keep their place in the queue and the
        // next batch (or the next start) numbers them. These requests fail.
        for (const id of expected) {
          for (const waiter of waiting.get(id) ?? []) waiter.reject(error);
          waiting.delete(id);
        }
      }
    }
  };

  const kick = () => {
    running ??= loop().finally(() => {
      running = null;
      if (waiting.size > 0) kick();
    });
  };

  return {
    numberOf(actId) {
      const since = performance.now();
      const promise = new Promise<number>((resolve, reject) =>
        waiting.set(actId, [...(waiting.get(actId) ?? []), { resolve, reject, since }]),
      );
      kick();
      return promise;
    },
    async drain() {
      let total = 0;
      for (;;) {
        const numbered = await numberWaitingBatch(db, eventsChannel);
        total += numbered.length;
        if (numbered.length < repo.MAX_BATCH) return total;
      }
    },
  };
}
