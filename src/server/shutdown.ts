/**
 * How the server process ends (issue 63 §6), whatever moment a stop comes at:
 *
 * - What the start opens (the database, its listeners, the web server, the
 *   jobs) is added here as it opens, and closed in the reverse order. Every
 *   close is tried even when one before it failed or threw; the process then
 *   exits 0 if all closed, 1 if any failed.
 * - A stop that comes while the start is still under way (SIGTERM during the
 *   migrations) waits for the start's current step, then closes what it opened:
 *   the embedded PostgreSQL is never left running by a stop.
 * - The whole stop has `timeoutMs`: past it (a close that hangs), the process
 *   exits 1 rather than waiting forever.
 * - A second signal within `repeatMs` of the first is the same stop (a
 *   terminal's Ctrl-C reaches both `npm start`'s launcher and the server, and
 *   the launcher passes it on); a later one is someone insisting, and the
 *   process exits at once, 128 + the signal's number, as a shell reports it.
 */
export interface Shutdown {
  /** Something to close when the process stops; the last added is closed first. */
  add(name: string, close: () => Promise<unknown> | unknown): void;
  /** The start under way: a stop waits for it to settle before closing. */
  starting(start: Promise<unknown>): void;
  /** Whether a stop has begun (the start checks between its steps). */
  readonly stopping: boolean;
  /** Stops: every close tried, in reverse order, then the exit: `code` (0 by default), or 1 if a close failed. */
  stop(reason: string, code?: number): Promise<void>;
  /** What each SIGINT or SIGTERM does (`listen` hands them here). */
  received(signal: NodeJS.Signals): void;
  /** SIGINT and SIGTERM stop; installed first thing in main.ts. */
  listen(): void;
}

export interface ShutdownOptions {
  timeoutMs: number;
  /** A second signal within this of the first is the same stop. */
  repeatMs?: number;
  log: (line: string) => void;
  exit?: (code: number) => void;
  /** A clock for the repeat window (tests). */
  now?: () => number;
}

const SIGNAL_NUMBERS: Record<string, number> = { SIGINT: 2, SIGTERM: 15 };

export function createShutdown({
  timeoutMs,
  repeatMs = 1000,
  log,
  exit = (code) => process.exit(code),
  now = Date.now,
}: ShutdownOptions): Shutdown {
  const closers: { name: string; close: () => Promise<unknown> | unknown }[] = [];
  let start: Promise<unknown> = Promise.resolve();
  let stopping = false;
  let firstSignalAt = 0;

  const stop = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    // Past the timeout, the exit does not wait for what hangs; unref'd, the timer keeps nothing alive.
    const timer = setTimeout(() => {
      log(`Kindly did not stop within ${timeoutMs / 1000} s (${reason}); exiting anyway.`);
      exit(1);
    }, timeoutMs);
    timer.unref();
    // The start's failure is the start's to report: here it only means that less is open.
    await start.catch(() => undefined);
    let failed = false;
    for (const { name, close } of closers.splice(0).reverse()) {
      try {
        await close();
      } catch (error) {
        failed = true;
        log(`Stopping: ${name} did not close (${error instanceof Error ? error.message : String(error)}).`);
      }
    }
    clearTimeout(timer);
    exit(failed ? 1 : code);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (!stopping) {
      firstSignalAt = now();
      void stop(signal);
      return;
    }
    if (now() - firstSignalAt < repeatMs) return;
    log(`${signal} again: exiting at once.`);
    exit(128 + (SIGNAL_NUMBERS[signal] ?? 0));
  };

  return {
    add: (name, close) => void closers.push({ name, close }),
    starting: (promise) => {
      start = promise;
    },
    get stopping() {
      return stopping;
    },
    stop,
    received: onSignal,
    listen() {
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
    },
  };
}
