import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { temporaryDataFolder } from "./test/data-folder.js";
import { freePort } from "./test/server-process.js";

/** `npm start` itself (scripts/start.mjs), in a process group of its own, as a terminal or a service manager runs it. */
function npmStart(port: number, dataDir: string): ChildProcess & { exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      KINDLY_API_ONLY: "1",
      DEMO_DATA: "never",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      MALLOC_ARENA_MAX: "",
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return Object.assign(child, { exited });
}

const status = (url: string) =>
  fetch(url).then(
    (res) => res.status,
    () => 0,
  );
const serverPid = (launcher: number) =>
  Number(
    execFileSync("pgrep", ["-P", String(launcher)], { encoding: "utf8" })
      .trim()
      .split("\n")[0],
  );
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Kindly supervises what it started: the embedded PostgreSQL killed is started
 * again by the server (and counted in /metrics), the server killed is started
 * again by `npm start`'s launcher, and a kill -9 of the whole process group
 * leaves nothing the next start cannot use.
 */
describe("npm start under supervision", () => {
  it("starts again what dies, and a killed process group starts cleanly", async () => {
    const dataDir = temporaryDataFolder("kindly-supervised-");
    const clusterDir = path.join(dataDir, "pg");
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let launcher = npmStart(port, dataDir);
    try {
      await expect.poll(() => status(`${url}/api/health/ready`), { timeout: 170_000, interval: 200 }).toBe(200);

      // 1. The embedded PostgreSQL killed: the server starts it again and serves without a restart of its own.
      const server = serverPid(launcher.pid!);
      const postmaster = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
      const times: string[] = [];
      let since = performance.now();
      process.kill(postmaster, "SIGKILL");
      await expect.poll(() => status(`${url}/api/health/ready`), { timeout: 60_000, interval: 200 }).toBe(503);
      await expect.poll(() => status(`${url}/api/health/ready`), { timeout: 60_000, interval: 100 }).toBe(200);
      times.push(`embedded PostgreSQL killed → ready ${((performance.now() - since) / 1000).toFixed(2)} s`);
      expect(serverPid(launcher.pid!)).toBe(server);
      // Counted once `pg_ctl start` returns, which can be a moment after PostgreSQL already answers.
      const metrics = () => fetch(`${url}/metrics`).then((res) => res.text());
      await expect.poll(metrics, { timeout: 30_000 }).toMatch(/^kindly_embedded_postgres_restarts_total 1$/m);

      // 2. The server killed: the launcher starts it again.
      since = performance.now();
      process.kill(server, "SIGKILL");
      await expect.poll(() => alive(server), { timeout: 30_000 }).toBe(false);
      await expect.poll(() => status(`${url}/api/health/ready`), { timeout: 120_000, interval: 100 }).toBe(200);
      times.push(`server killed → ready ${((performance.now() - since) / 1000).toFixed(2)} s`);
      expect(serverPid(launcher.pid!)).not.toBe(server);
      expect(launcher.exitCode).toBeNull();

      // 3. kill -9 of the whole process group (launcher and server): PostgreSQL, in a session of its own, stays
      // (docs/operations.md, "After a crash"), and the next start takes it over.
      const survivor = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(-launcher.pid!, "SIGKILL");
      await launcher.exited;
      expect(alive(survivor)).toBe(true);
      since = performance.now();
      launcher = npmStart(port, dataDir);
      await expect.poll(() => status(`${url}/api/health/ready`), { timeout: 120_000, interval: 100 }).toBe(200);
      times.push(`process group killed, npm start again → ready ${((performance.now() - since) / 1000).toFixed(2)} s`);
      process.stdout.write(`supervision: ${times.join("; ")}\n`);

      // 4. A clean stop ends the launcher with exit code 0, and its PostgreSQL with it.
      process.kill(launcher.pid!, "SIGTERM");
      expect(await launcher.exited).toBe(0);
      await expect.poll(() => existsSync(path.join(clusterDir, "postmaster.pid")), { timeout: 30_000 }).toBe(false);
    } finally {
      if (launcher.exitCode === null) {
        process.kill(launcher.pid!, "SIGTERM");
        await Promise.race([launcher.exited, sleep(30_000)]);
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 400_000);

  it("stopped while it starts, stops the PostgreSQL it has started and exits 0", async () => {
    const dataDir = temporaryDataFolder("kindly-stopped-starting-");
    const pidFile = path.join(dataDir, "pg", "postmaster.pid");
    const launcher = npmStart(await freePort(), dataDir);
    try {
      // The moment PostgreSQL is up, the server is still starting (the migrations, the demo data, the listen).
      // Up means the lock file of a postmaster that says "ready" (its 8th line): initdb's short-lived
      // single-user servers write and remove a lock file of their own before that.
      const readyPostmaster = () => {
        try {
          const lines = readFileSync(pidFile, "utf8").split("\n");
          return lines[7]?.trim() === "ready" ? Number(lines[0]) : 0;
        } catch {
          return 0;
        }
      };
      await expect.poll(readyPostmaster, { timeout: 170_000, interval: 20 }).toBeGreaterThan(0);
      const postmaster = readyPostmaster();
      process.kill(launcher.pid!, "SIGTERM");
      expect(await launcher.exited).toBe(0);
      await expect.poll(() => alive(postmaster), { timeout: 30_000 }).toBe(false);
      expect(existsSync(pidFile)).toBe(false);
    } finally {
      if (launcher.exitCode === null) launcher.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it("gives up on a server that keeps dying, and stops the PostgreSQL it left running", async () => {
    const dataDir = temporaryDataFolder("kindly-given-up-");
    const pidFile = path.join(dataDir, "pg", "postmaster.pid");
    const port = await freePort();
    const launcher = npmStart(port, dataDir);
    try {
      const killed = new Set<number>();
      // Six deaths within a minute (the launcher waits 1, 2, 4, 8 and 16 s between them): more than a restart mends.
      for (let death = 0; death < 6; death++) {
        await expect.poll(() => status(`http://127.0.0.1:${port}/api/health/ready`), { timeout: 120_000, interval: 100 }).toBe(200);
        const server = serverPid(launcher.pid!);
        expect(killed.has(server)).toBe(false);
        killed.add(server);
        process.kill(server, "SIGKILL");
        await expect.poll(() => alive(server), { timeout: 30_000 }).toBe(false);
      }
      expect(await launcher.exited).toBe(1);
      await expect.poll(() => existsSync(pidFile), { timeout: 30_000 }).toBe(false);
    } finally {
      if (launcher.exitCode === null) process.kill(-launcher.pid!, "SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
