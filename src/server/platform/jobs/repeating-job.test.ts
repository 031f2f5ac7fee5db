import { afterEach, describe, expect, it, vi } from "vitest";
import { startJob } from "./repeating-job.js";

describe("a repeating job", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at its pace, logs a failed run under its name and runs again, and stops when told", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let runs = 0;
    const stop = startJob(
      {
        name: "card news digest",
        everyMs: 60_000,
        run: async () => {
          runs += 1;
          if (runs === 1) throw new Error("the database is away");
        },
      },
      (line) => lines.push(line),
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(lines).toEqual(["card news digest failed: the database is away"]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(runs).toBe(2);
  });

  it("runs first after firstAfterMs, never twice at once, and not at all when its pace is 0", async () => {
    vi.useFakeTimers();
    let started = 0;
    let finish = () => {};
    const stop = startJob(
      {
        name: "the draw",
        everyMs: 1_000,
        firstAfterMs: 10,
        run: () => {
          started += 1;
          return new Promise<void>((resolve) => (finish = resolve));
        },
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toBe(1);
    // Still running when the next turn comes: skipped.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    stop();
    let offRuns = 0;
    startJob({ name: "off", everyMs: 0, run: async () => void offRuns++ }, () => undefined);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(offRuns).toBe(0);
  });
});
