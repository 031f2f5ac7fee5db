import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/*
 * `npm start`'s launcher (scripts/supervise.mjs) never waits forever for a
 * server that does not stop: run here over a stand-in server that ignores
 * SIGTERM, with a wait of half a second instead of 30.
 */
const folder = mkdtempSync(path.join(tmpdir(), "kindly-launcher-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A launcher over `server` (a Node script's text), started as `npm start` starts its server. */
function launcher(server: string, stopWaitMs = 500) {
  const supervise = pathToFileURL(path.resolve("scripts/supervise.mjs")).href;
  const file = path.join(folder, `launcher-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    file,
    `import { spawn } from "node:child_process";
     import { superviseServer } from ${JSON.stringify(supervise)};
     superviseServer(() => spawn(process.execPath, ["-e", ${JSON.stringify(server)}], { stdio: "inherit" }), { stopWaitMs: ${stopWaitMs} });`,
  );
  const child = spawn(process.execPath, [file], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

const serverOf = (launcherPid: number) => {
  try {
    return Number(
      execFileSync("pgrep", ["-P", String(launcherPid)], { encoding: "utf8" })
        .trim()
        .split("\n")[0],
    );
  } catch {
    return 0;
  }
};
/** Running: a process killed whose parent is gone may stay a zombie here (no init reaps it), which is not running. */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};
// Ready once it says so: the signal handlers are installed by then.
const READY = "process.stderr.write('ready\\n');";

describe("npm start's launcher", () => {
  it("kills a server that does not stop in time, and exits 1", async () => {
    const { child, exited, stderr } = launcher(`process.on("SIGTERM", () => {}); ${READY} setInterval(() => {}, 1000);`);
    await expect.poll(stderr, { timeout: 20_000 }).toContain("ready");
    const server = serverOf(child.pid!);
    child.kill("SIGTERM");
    expect(await exited).toBe(1);
    expect(stderr()).toContain("the server did not stop within 0.5 s; killing it (exit code 1).");
    await expect.poll(() => alive(server)).toBe(false);
  });

  it("passes on a signal repeated later, and leaves as the server left", async () => {
    const { child, exited, stderr } = launcher(
      `let signals = 0; process.on("SIGTERM", () => { if (++signals === 2) process.exit(143); }); ${READY} setInterval(() => {}, 1000);`,
      30_000,
    );
    await expect.poll(stderr, { timeout: 20_000 }).toContain("ready");
    child.kill("SIGTERM");
    // The same signal at once is the same stop (not passed on); a later one is.
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(child.exitCode).toBeNull();
    child.kill("SIGTERM");
    expect(await exited).toBe(143);
  });
});
