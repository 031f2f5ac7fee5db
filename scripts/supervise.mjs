import { setTimeout } from "node:timers";
/**
 * `npm start`'s launcher keeps the server running (docs/operations.md,
 * "Supervision"): a server that dies (a crash, the OOM killer, kill -9) is
 * started again after a pause that doubles from 1 s up to 30 s, and is reset
 * once a run has lasted a minute. More than MAX_RESTARTS restarts within a
 * minute means something a restart cannot mend: the launcher then calls
 * `onGiveUp` (start.mjs stops the embedded PostgreSQL a crashed server left
 * running) and exits non-zero, so that a system supervisor (systemd's
 * Restart=always) or a person sees it. A server that stops cleanly (exit code
 * 0: SIGTERM, Ctrl-C) ends the launcher with it; so does a configuration
 * error (exit code 78, EX_CONFIG), which no restart would change.
 *
 * A stop never waits forever: the signal is passed on, and a server that has
 * not exited STOP_WAIT_MS later (its own limit is 20 s, src/server/main.ts)
 * is killed, and the launcher exits 1. The same signal again within a second
 * is the same stop (a terminal's Ctrl-C reaches the whole process group); a
 * later one is passed on too, and the server exits at once (shutdown.ts).
 */

export const MAX_RESTARTS = 5;
const WINDOW_MS = 60_000;
const FIRST_PAUSE_MS = 1000;
const MAX_PAUSE_MS = 30_000;
const STOP_WAIT_MS = 30_000;
const REPEAT_MS = 1000;
/** The server's exit code for a bad setting (src/server/main.ts). */
export const EXIT_CONFIG = 78;

const say = (line) => process.stderr.write(`[kindly launcher] ${line}\n`);

/** Runs `start()` (which spawns the server) and restarts it as described above. */
export function superviseServer(start, { onGiveUp = async () => undefined, stopWaitMs = STOP_WAIT_MS } = {}) {
  let child = null;
  let stoppingSince = null;
  let pause = FIRST_PAUSE_MS;
  const restarts = [];

  const run = () => {
    const startedAt = Date.now();
    child = start();
    child.on("exit", (code, signal) => {
      child = null;
      if (stoppingSince !== null) process.exit(code ?? 0);
      if (code === 0 || code === EXIT_CONFIG) process.exit(code);
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > WINDOW_MS) restarts.shift();
      if (restarts.length >= MAX_RESTARTS) {
        say(`the server stopped ${MAX_RESTARTS + 1} times within a minute; giving up (exit code 1).`);
        void Promise.resolve()
          .then(onGiveUp)
          .catch((error) => say(`could not stop what the server left running: ${error instanceof Error ? error.message : error}`))
          .finally(() => process.exit(1));
        return;
      }
      if (now - startedAt > WINDOW_MS) pause = FIRST_PAUSE_MS;
      say(`the server stopped (${signal ? `signal ${signal}` : `exit code ${code}`}); starting it again in ${pause / 1000} s.`);
      restarts.push(now);
      setTimeout(run, pause);
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    });
  };

  // The server shuts down cleanly on these (and stops its embedded PostgreSQL): pass them on, then leave as it left.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      const first = stoppingSince === null;
      if (!first && Date.now() - stoppingSince < REPEAT_MS) return;
      stoppingSince ??= Date.now();
      if (!child) process.exit(0);
      // The server stops cleanly on SIGINT and SIGTERM; a hang-up means the same here.
      child.kill(signal === "SIGHUP" ? "SIGTERM" : signal);
      if (!first) return;
      setTimeout(() => {
        say(`the server did not stop within ${stopWaitMs / 1000} s; killing it (exit code 1).`);
        child?.kill("SIGKILL");
        process.exit(1);
      }, stopWaitMs).unref();
    });
  }
  run();
}
