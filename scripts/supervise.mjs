import { setTimeout } from "node:timers";
/**
 * `npm start`'s launcher keeps the server running (docs/operations.md,
 * "Supervision"): a server that dies (a crash, the OOM killer, kill -9) is
 * started again after a pause that doubles from 1 s up to 30 s, and is reset
 * once a run has lasted a minute. More than MAX_RESTARTS restarts within a
 * minute means something a restart cannot mend: the launcher then exits
 * non-zero, so that a system supervisor (systemd's Restart=always) or a person
 * sees it. A server that stops cleanly (exit code 0: SIGTERM, Ctrl-C) ends the
 * launcher with it; so does a configuration error (exit code 78, EX_CONFIG),
 * which no restart would change.
 */

export const MAX_RESTARTS = 5;
const WINDOW_MS = 60_000;
const FIRST_PAUSE_MS = 1000;
const MAX_PAUSE_MS = 30_000;
/** The server's exit code for a bad setting (src/server/main.ts). */
export const EXIT_CONFIG = 78;

const say = (line) => process.stderr.write(`[kindly launcher] ${line}\n`);

/** Runs `start()` (which spawns the server) and restarts it as described above. */
export function superviseServer(start) {
  let child = null;
  let stopping = false;
  let pause = FIRST_PAUSE_MS;
  const restarts = [];

  const run = () => {
    const startedAt = Date.now();
    child = start();
    child.on("exit", (code, signal) => {
      child = null;
      if (stopping) process.exit(code ?? 0);
      if (code === 0 || code === EXIT_CONFIG) process.exit(code);
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > WINDOW_MS) restarts.shift();
      if (restarts.length >= MAX_RESTARTS) {
        say(`the server stopped ${MAX_RESTARTS + 1} times within a minute; giving up (exit code 1).`);
        process.exit(1);
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
      stopping = true;
      if (child) child.kill(signal);
      else process.exit(0);
    });
  }
  run();
}
