/** Runs `jobs` with `concurrency` clients, each taking the next job; returns each job's latency in ms. */
export async function runConcurrently(
  concurrency: number,
  jobs: (() => Promise<void>)[],
): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const t0 = performance.now();
        await job();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const row = (label: string, value: string, target: string) =>
  console.log(`${label.padEnd(50)} ${value.padStart(10)}   target ${target}`);

/** A GET or POST that must succeed; a failure stops the benchmark (a figure from errors would mislead). */
export async function expectOk(response: Promise<Response>, expected = 200): Promise<void> {
  const res = await response;
  const body = await res.text();
  if (res.status !== expected) throw new Error(`expected ${expected}, got ${res.status}: ${body.slice(0, 200)}`);
}

/** One call's time, and how far it lifted the process's resident memory above where it started (sampled every 2 ms). */
export async function timeAndMemory(work: () => Promise<unknown>): Promise<{ ms: number; megabytes: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, megabytes: (peak - before) / 1024 / 1024 };
}
