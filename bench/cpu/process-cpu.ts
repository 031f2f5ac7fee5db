import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";

/** Clock ticks per second of /proc's CPU times (100 on Linux almost everywhere, read once). */
const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU time (user + system) a process has used so far, in ms; null once it is gone. */
export function processCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * The CPU time of every PostgreSQL backend a server opened, found by the
 * application_name its connections carry (PGAPPNAME) in pg_stat_activity.
 * Backends are sampled every 100 ms, so one that closes during a run keeps
 * what it had used by its last sample; one opened during the run counts from
 * zero (its start-up is part of the cost).
 */
export class BackendCpu {
  private readonly seen = new Map<number, { first: number; last: number }>();
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> = Promise.resolve();

  private constructor(
    private readonly monitor: pg.Client,
    private readonly applicationName: string,
  ) {}

  static async open(databaseUrl: string, applicationName: string): Promise<BackendCpu> {
    const monitor = new pg.Client({ connectionString: databaseUrl, application_name: "kindly-bench-monitor" });
    await monitor.connect();
    return new BackendCpu(monitor, applicationName);
  }

  private async sample(firstIsZero: boolean): Promise<void> {
    const { rows } = await this.monitor.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1", [
      this.applicationName,
    ]);
    for (const { pid } of rows) {
      const now = processCpuMs(pid);
      if (now === null) continue;
      const known = this.seen.get(pid);
      if (known) known.last = now;
      else this.seen.set(pid, { first: firstIsZero ? 0 : now, last: now });
    }
  }

  /** Starts counting from now. */
  async start(): Promise<void> {
    this.seen.clear();
    await this.sample(false);
    this.timer = setInterval(() => {
      this.sampling = this.sampling.then(() => this.sample(true)).catch(() => undefined);
    }, 100);
  }

  /** The ms of CPU the backends used since `start`. */
  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.sampling;
    await this.sample(true);
    let total = 0;
    for (const { first, last } of this.seen.values()) total += last - first;
    return total;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.monitor.end();
  }
}
