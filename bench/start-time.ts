import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Seconds from running `npm start` to the first 200 on /api/health, with the
 * given data directory (empty for a cold first run, reused for a warm one).
 */
export async function secondsToHealthy(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: "ignore",
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error("no 200 on /api/health within 120 s");
      await sleep(25);
    }
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}
