import { describe, expect, it, vi } from "vitest";
import { createShutdown } from "./shutdown.js";

/* How the server process ends (shutdown.ts), with the exit and the clock handed in: no process is stopped here. */

function harness(options: { timeoutMs?: number } = {}) {
  const exits: number[] = [];
  const lines: string[] = [];
  let clock = 0;
  const shutdown = createShutdown({
    timeoutMs: options.timeoutMs ?? 5_000,
    log: (line) => lines.push(line),
    exit: (code) => exits.push(code),
    now: () => clock,
  });
  return { shutdown, exits, lines, advance: (ms: number) => (clock += ms) };
}

describe("the server's shutdown", () => {
  it("closes what was opened, last opened first, and exits 0", async () => {
    const { shutdown, exits } = harness();
    const closed: string[] = [];
    for (const name of ["database", "web server", "job"]) shutdown.add(name, () => void closed.push(name));
    await shutdown.stop("SIGTERM");
    expect(closed).toEqual(["job", "web server", "database"]);
    expect(exits).toEqual([0]);
  });

  it("tries every close when one fails, names it, and exits 1", async () => {
    const { shutdown, exits, lines } = harness();
    const closed: string[] = [];
    shutdown.add("database", () => void closed.push("database"));
    shutdown.add("web server", () => Promise.reject(new Error("socket in use")));
    shutdown.add("job", () => void closed.push("job"));
    await shutdown.stop("SIGTERM");
    expect(closed).toEqual(["job", "database"]);
    expect(lines).toEqual(["Stopping: web server did not close (socket in use)."]);
    expect(exits).toEqual([1]);
  });

  it("exits 1 once its time is up when a close never ends", async () => {
    const { shutdown, exits, lines } = harness({ timeoutMs: 20 });
    shutdown.add("web server", () => new Promise(() => undefined));
    void shutdown.stop("SIGTERM");
    await vi.waitFor(() => expect(exits).toEqual([1]));
    expect(lines[0]).toMatch(/^Kindly did not stop within 0.02 s \(SIGTERM\); exiting anyway\.$/);
  });

  it("stopped while starting, waits for the start's step and closes what it opened meanwhile", async () => {
    const { shutdown, exits } = harness();
    const closed: string[] = [];
    let openDatabase!: () => void;
    const start = (async () => {
      await new Promise<void>((resolve) => (openDatabase = resolve));
      shutdown.add("database", () => void closed.push("database"));
      if (shutdown.stopping) throw new Error("stopped while starting");
    })();
    shutdown.starting(start);
    const stopped = shutdown.stop("SIGTERM");
    expect(shutdown.stopping).toBe(true);
    openDatabase();
    await stopped;
    expect(closed).toEqual(["database"]);
    expect(exits).toEqual([0]);
  });

  it("takes a signal repeated at once (the launcher passing on a Ctrl-C) as the same stop; one later exits at once", async () => {
    const { shutdown, exits, advance, lines } = harness();
    let finish!: () => void;
    shutdown.add("web server", () => new Promise<void>((resolve) => (finish = resolve)));
    shutdown.received("SIGINT");
    advance(50);
    shutdown.received("SIGINT");
    expect(exits).toEqual([]);
    advance(5_000);
    shutdown.received("SIGTERM");
    expect(exits).toEqual([143]);
    expect(lines).toEqual(["SIGTERM again: exiting at once."]);
    // The close still under way ends (in a real process, the exit above already ended it).
    await vi.waitFor(() => expect(finish).toBeTypeOf("function"));
    finish();
  });
});
