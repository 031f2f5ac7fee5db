import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../../test/test-server.js";
import { createTaskQueue, MAX_ATTEMPTS, type TaskHandler } from "./task-queue.js";

const queueWith = (db: Parameters<typeof createTaskQueue>[0]["db"], handlers: Record<string, TaskHandler>, log: string[] = []) =>
  createTaskQueue({ db, handlers: () => handlers, log: (line) => log.push(line), inBackground: (work) => void work() });

describe("the task queue", () => {
  const suite = useTestServer("postgres");

  it("runs each task once when two processes drain at the same time", async () => {
    const { db } = suite.server.deps;
    const ran: number[] = [];
    const handlers = { count: async (payload: unknown) => void ran.push((payload as { n: number }).n) };
    const [first, second] = [queueWith(db, handlers), queueWith(db, handlers)];
    for (let n = 0; n < 60; n++) await first.enqueue(db, "count", { n });
    const [a, b] = await Promise.all([first.drain(), second.drain()]);
    expect(a + b).toBe(60);
    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    expect(await db.selectFrom("queued_tasks").select("id").where("kind", "=", "count").execute()).toEqual([]);
  });

  it("tries a failing task again later, and keeps it as failed after the last try", async () => {
    const { db } = suite.server.deps;
    const log: string[] = [];
    const queue = queueWith(db, { flaky: async () => Promise.reject(new Error("mail server down")) }, log);
    await db.transaction().execute((trx) => queue.enqueue(trx, "flaky", {}));
    expect(await queue.drain()).toBe(1);
    const row = () =>
      db.selectFrom("queued_tasks").select(["attempts", "last_error", "run_after"]).where("kind", "=", "flaky").executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ attempts: 1, last_error: "mail server down" });
    expect((await row()).run_after.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing runs.
    expect(await queue.drain()).toBe(0);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await sql`update queued_tasks set run_after = now() where kind = 'flaky'`.execute(db);
      expect(await queue.drain()).toBe(1);
    }
    expect(await row()).toMatchObject({ attempts: MAX_ATTEMPTS, last_error: "mail server down" });
    const due = await sql<{ never: boolean }>`select run_after = 'infinity' as never from queued_tasks where kind = 'flaky'`.execute(db);
    expect(due.rows[0]!.never).toBe(true);
    expect(log.at(-1)).toContain(`try ${MAX_ATTEMPTS} of ${MAX_ATTEMPTS}, kept as failed`);
  });

  it("stops after the task under way, handing the backlog back untried and due at once for the next process", async () => {
    const { db } = suite.server.deps;
    const ran: number[] = [];
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const handlers = {
      mail: async (payload: unknown) => {
        const { n } = payload as { n: number };
        if (ran.length === 0) {
          started();
          await released;
        }
        ran.push(n);
      },
    };
    const background: Promise<unknown>[] = [];
    const queue = createTaskQueue({
      db,
      handlers: () => handlers,
      log: () => undefined,
      inBackground: (work) => void background.push(work()),
    });
    for (let n = 0; n < 30; n++) await queue.enqueue(db, "mail", { n });
    const stop = queue.start(60_000);
    await firstStarted;
    const stopped = stop();
    release();
    await stopped;
    await Promise.all(background);
    // The task under way ended; no other began.
    expect(ran).toEqual([0]);
    const left = await sql<{ n: number; attempts: number; due: boolean }>`
      select (payload->>'n')::int as n, attempts, run_after <= now() as due from queued_tasks where kind = 'mail' order by 1`.execute(db);
    expect(left.rows).toEqual(Array.from({ length: 29 }, (_, i) => ({ n: i + 1, attempts: 0, due: true })));
    // Stopped, it takes no more; the next process delivers them all.
    queue.kick();
    expect(await queue.drain()).toBe(0);
    expect(await queueWith(db, handlers).drain()).toBe(29);
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it("queues nothing when the write's transaction rolls back", async () => {
    const { db } = suite.server.deps;
    const queue = queueWith(db, {});
    await expect(
      db.transaction().execute(async (trx) => {
        await queue.enqueue(trx, "never", {});
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await db.selectFrom("queued_tasks").select("id").where("kind", "=", "never").execute()).toEqual([]);
  });
});
