import { afterEach, describe, expect, it, vi } from "vitest";
import { startRepeatingJob } from "./repeating-job.js";

describe("a repeating job", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at its pace, logs a failed run under its name and runs again, and stops when told", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let runs = 0;
    const stop = startRepeatingJob(
      "card news digest",
      async () => {
        runs += 1;
        if (runs === 1) throw new Error("the database is away");
      },
      (line) => lines.push(line),
      60_000,
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
});
