import { spawn } from "node:child_process";
import path from "node:path";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import esbuild from "esbuild";
import { NODE_BUNDLE_OPTIONS } from "../../scripts/server-build.mjs";
import { READY_LINE } from "./e2e-servers-ready.mjs";

/*
 * Starts the journeys' servers (e2e-server.ts: `npm start`'s server with the
 * demo data), all at once. Playwright starts its webServer entries one after
 * the other, each polled at one-second steps: the two servers took 12.8 s
 * before the first journey; side by side, with their health asked every
 * 100 ms, about half (issue 59).
 *
 * The server is bundled once by esbuild, as `npm start`'s is
 * (scripts/server-build.mjs), instead of going through tsx, which transforms
 * each of its thousand modules at start. The bundle sits two folders down from
 * the repository, as e2e/support does, so the paths the server finds from its
 * own location are the same.
 *
 * KINDLY_E2E_SERVERS: a JSON list of each server's environment (PORT, APP_URL,
 * DATA_DIR…). Once every one answers /api/health, READY_LINE is printed, which
 * Playwright waits for. Playwright stops the run by signalling this process's
 * group, the servers included: each stops its own embedded PostgreSQL, and
 * this process ends once they all have.
 */

const servers = JSON.parse(process.env.KINDLY_E2E_SERVERS ?? "[]");
if (servers.length === 0) throw new Error("KINDLY_E2E_SERVERS names no server");

const outfile = path.resolve("dist/e2e/e2e-server.mjs");
await esbuild.build({ ...NODE_BUNDLE_OPTIONS, entryPoints: [path.resolve("e2e/support/e2e-server.ts")], outfile });
await esbuild.stop();

let stopping = false;
const running = new Set();
for (const env of servers) {
  const child = spawn(process.execPath, ["--enable-source-maps", outfile], { env: { ...process.env, ...env }, stdio: "inherit" });
  running.add(child);
  child.on("exit", (code, signal) => {
    running.delete(child);
    if (!stopping) {
      // A server that ends on its own fails the run at once, rather than at the first journey's timeout.
      process.stderr.write(`The journeys' server on port ${env.PORT} ended (${signal ?? `exit ${code}`}).\n`);
      stopAll(1);
    }
    // process.exit() ends with process.exitCode: 1 when a server failed, else 0.
    if (running.size === 0) process.exit();
  });
}

/** Stops every server still running and ends with `code` once they have. */
function stopAll(code) {
  stopping = true;
  process.exitCode = code;
  for (const child of running) child.kill("SIGTERM");
}

// The group's signal reaches the servers themselves; this process waits for them instead of dying first.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopping = true;
    if (running.size === 0) process.exit();
  });
}

async function healthy(url) {
  for (;;) {
    if (stopping) return;
    const answered = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await sleep(100);
  }
}

await Promise.all(servers.map((env) => healthy(env.APP_URL)));
if (!stopping) process.stdout.write(`${READY_LINE}\n`);
