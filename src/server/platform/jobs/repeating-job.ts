/**
 * Runs `run` every `everyMs` (the reminder jobs' pace, REMINDER_CHECK_SECONDS)
 * without keeping the process alive for it; a run that fails is logged as
 * "<name> failed: …" and the next one comes anyway. Returns the stop.
 */
export function startRepeatingJob(name: string, run: () => Promise<unknown>, log: (line: string) => void, everyMs: number): () => void {
  const timer = setInterval(() => {
    void run().catch((error: unknown) => log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
