import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { SERVER_MEMORY_ENV } from "../../../scripts/server-build.mjs";

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** Resident memory of the server process, in MB. */
  rssMegabytes(): number;
  /** SIGTERM or SIGINT (a clean stop) or SIGKILL (a crash); resolves once the process is gone. */
  stop(signal?: "SIGTERM" | "SIGINT" | "SIGKILL"): Promise<void>;
}

/**
 * Kindly's real server (the entry point of `npm start`) in a process of its
 * own, API only, ready once /api/health answers 200.
 */
export async function startServerProcess(options: {
  port: number;
  env: Record<string, string>;
  nodeArgs?: string[];
  /** Run the compiled build (dist/server, as `npm start` does) instead of the TypeScript through tsx. */
  compiled?: boolean;
}): Promise<ServerProcess & { pid: number }> {
  const url = `http://127.0.0.1:${options.port}`;
  const entry = options.compiled ? ["--enable-source-maps", "dist/server/main.js"] : ["--import", "tsx", "src/server/main.ts"];
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      APP_URL: url,
      KINDLY_API_ONLY: "1",
      DEMO_DATA: "never",
      LOG_LEVEL: "warn",
      // The allocator settings `npm start` gives the server (scripts/start.mjs).
      ...(process.platform === "linux" ? SERVER_MEMORY_ENV : {}),
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error("server did not start");
    await sleep(50);
  }
  return {
    url,
    pid: child.pid!,
    rssMegabytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
