import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureServerBuild, SERVER_MEMORY_ENV } from "../../../scripts/server-build.mjs";
import { createStartupSteps } from "../../../scripts/startup-steps.mjs";

/*
 * Tests that run Kindly in a process of its own run the compiled build
 * (dist/server), as `npm start` does: tsx would transform the whole server
 * again in each process, 3–5 s of CPU per start on CI's two cores, and some
 * files start ten. The API projects' global setup builds it once, before any
 * worker starts (so workers never build side by side); elsewhere (a bench)
 * the first start builds it when the sources are newer.
 */
export async function compiledEntry(name: "main" | "cli"): Promise<string[]> {
  await ensureServerBuild(createStartupSteps(() => undefined));
  return ["--enable-source-maps", `dist/server/${name}.js`];
}

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
}): Promise<ServerProcess & { pid: number }> {
  const url = `http://127.0.0.1:${options.port}`;
  const entry = await compiledEntry("main");
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
