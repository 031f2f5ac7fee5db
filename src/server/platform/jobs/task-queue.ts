import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../db/schema.js";
import { prepared } from "../db/prepared.js";

/*
 * What a write must do after answering (a notice to push and mail), kept in
 * the database with the write itself (issue 62 §2): the task is queued in
 * the write's transaction, so it exists exactly when the write does, and a
 * crash between the answer and the delivery loses nothing. Every server
 * process drains the queue: the one that queued it at once (`kick`), any of
 * them within `everyMs` (`start`) — after a crash, the next to start.
 *
 * A task is leased while it runs (another process takes it over if the
 * lease ends first, the runner having died), retried with a growing wait
 * when its handler throws, and kept, marked failed, after MAX_ATTEMPTS: at
 * least once, never silently dropped. Handlers are written to be run again
 * (a notice's push carries a tag, so a repeat replaces the first on a phone).
 */

/** How long a runner holds a task before another process may take it over. */
const LEASE_SECONDS = 300;
/** Tries before a task is kept as failed (the wait between tries doubles: 2 s … about 17 minutes). */
export const MAX_ATTEMPTS = 10;
const BATCH = 20;

export type TaskHandler = (payload: unknown) => Promise<void>;

export interface TaskQueue {
  /** Queues a task of `kind` in the caller's transaction (or on its own). */
  enqueue(db: Kysely<DB> | Transaction<DB>, kind: string, payload: unknown): Promise<void>;
  /** Drains what is due, in the background (after a write that queued something). */
  kick(): void;
  /** Runs every task due now; how many ran. */
  drain(): Promise<number>;
  /**
   * Drains every `everyMs` (tasks queued elsewhere, retries, a crashed
   * process's); returns the stop, which resolves once the task under way has
   * ended (the rest wait in the table for the next process, see `handBack`).
   */
  start(everyMs: number): () => Promise<void>;
}

export function createTaskQueue(deps: {
  db: Kysely<DB>;
  /** Asked once, at the first run: the handlers may need what is built after the queue (the app's deps). */
  handlers: () => Record<string, TaskHandler>;
  log: (line: string) => void;
  /** Work nobody waits for, counted so shutdown and tests can wait for it (http/after-response.ts). */
  inBackground: (work: () => Promise<unknown>, failed: (error: unknown) => void) => void;
}): TaskQueue {
  const { db, log } = deps;
  let draining: Promise<number> | null = null;
  let handlers: Record<string, TaskHandler> | undefined;
  let stopped = false;

  async function runOnce(): Promise<number> {
    if (stopped) return 0;
    const { rows } = await claim.execute(db, { batch: BATCH, leaseSeconds: LEASE_SECONDS });
    handlers ??= deps.handlers();
    for (const [ran, task] of rows.entries()) {
      // Stopping: the task under way was the last. A backlog (hundreds of
      // thanks to mail) would outlast any stop's time; it is durable, and
      // the next process to start (or another running one) delivers it.
      if (stopped) {
        await handBack.execute(db, { ids: rows.slice(ran).map((rest) => rest.id) });
        return ran;
      }
      try {
        const handler = handlers[task.kind];
        if (!handler) throw new Error(`no handler for tasks of kind "${task.kind}"`);
        await handler(task.payload);
        await done.execute(db, { id: task.id });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const gaveUp = task.attempts >= MAX_ATTEMPTS;
        log(
          `task ${task.kind} #${task.id} failed (try ${task.attempts} of ${MAX_ATTEMPTS}${gaveUp ? ", kept as failed" : ""}): ${message}`,
        );
        await failedTry.execute(db, { id: task.id, error: message.slice(0, 1000), retryInSeconds: gaveUp ? null : 2 ** task.attempts });
      }
    }
    return rows.length;
  }

  const queue: TaskQueue = {
    async enqueue(target, kind, payload) {
      await enqueueTasks(target, [{ kind, payload }]);
    },
    kick() {
      if (stopped) return;
      deps.inBackground(
        () => queue.drain(),
        (error) => log(`task queue failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    async drain() {
      // One drain at a time per process; a kick during one waits for it and then drains again.
      while (draining) await draining;
      draining = (async () => {
        let total = 0;
        for (let ran = await runOnce(); ran > 0; ran = await runOnce()) total += ran;
        return total;
      })();
      try {
        return await draining;
      } finally {
        draining = null;
      }
    },
    start(everyMs) {
      // At once too: what a crashed process left is delivered by the next to start.
      queue.kick();
      const timer = setInterval(() => queue.kick(), everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        stopped = true;
        // Its failure was logged where it happened (kick's).
        await draining?.catch(() => undefined);
      };
    },
  };
  return queue;
}

/** A task to queue beside a write (`enqueueTasks`). */
export interface QueuedTask {
  kind: string;
  payload: unknown;
}

// writes: queued_tasks
const enqueueMany = prepared<{ kinds: string[]; payloads: string[] }>()(
  "task_enqueue_many",
  (_, p) =>
    sql`insert into queued_tasks (kind, payload) select kind, payload from unnest(${p.kinds}::text[], ${p.payloads}::jsonb[]) t(kind, payload)`,
);

/**
 * Queues tasks in the caller's transaction (or on their own), in one
 * statement however many (a scan batch's follow-ups); the caller kicks the
 * process's queue after its commit.
 */
export async function enqueueTasks(target: Kysely<DB> | Transaction<DB>, tasks: QueuedTask[]): Promise<void> {
  if (tasks.length === 0) return;
  await enqueueMany.execute(target, { kinds: tasks.map((t) => t.kind), payloads: tasks.map((t) => JSON.stringify(t.payload)) });
}

/** Due tasks, oldest first, leased to this process (SKIP LOCKED: processes draining at once take different ones). */
const claim = prepared<{ batch: number; leaseSeconds: number }>()(
  "task_claim",
  (_, p) => sql<{ id: number; kind: string; payload: unknown; attempts: number }>`
    update queued_tasks t set run_after = now() + make_interval(secs => ${p.leaseSeconds}::int), attempts = attempts + 1
    from (select id from queued_tasks where run_after <= now() order by run_after, id limit ${p.batch}::int for update skip locked) due
    where t.id = due.id
    returning t.id, t.kind, t.payload, t.attempts`,
);

/** Tasks claimed but not begun, given back untried and due at once (a lease would hold them for 5 minutes). */
const handBack = prepared<{ ids: number[] }>()(
  "task_hand_back",
  (_, p) => sql`update queued_tasks set run_after = now(), attempts = attempts - 1 where id = any(${p.ids}::bigint[])`,
);

const done = prepared<{ id: number }>()("task_done", (_, p) => sql`delete from queued_tasks where id = ${p.id}::bigint`);

/** A failed try: due again after `retryInSeconds`, or never (kept as failed, for an operator to read). */
const failedTry = prepared<{ id: number; error: string; retryInSeconds: number | null }>()(
  "task_failed",
  (_, p) => sql`
    update queued_tasks set last_error = ${p.error},
      run_after = coalesce(now() + make_interval(secs => ${p.retryInSeconds}::int), 'infinity'::timestamptz)
    where id = ${p.id}::bigint`,
);
