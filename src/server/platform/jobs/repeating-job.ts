import type { Job } from "../feature.js";

/**
 * Runs a job every `everyMs` (the first time after `firstAfterMs` when
 * given) without keeping the process alive for it; a run that fails is
 * logged as "<name> failed: …" and the next one comes anyway. A run still
 * going when the next is due is not doubled: the next waits its turn. A job
 * of `everyMs` 0 is off. Returns the stop.
 */
export function startJob(job: Job, log: (line: string) => void): () => void {
  if (job.everyMs <= 0) return () => undefined;
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void job
      .run()
      .catch((error: unknown) => log(`${job.name} failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = false));
  };
  const first = job.firstAfterMs === undefined ? null : setTimeout(run, job.firstAfterMs);
  const timer = setInterval(run, job.everyMs);
  first?.unref();
  timer.unref();
  return () => {
    if (first) clearTimeout(first);
    clearInterval(timer);
  };
}

/** The pace of tidying and daily work: soon after the start, then every hour. */
export const HOURLY = { everyMs: 60 * 60 * 1000, firstAfterMs: 10_000 } as const;
