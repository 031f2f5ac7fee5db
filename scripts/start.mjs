import { spawn } from "node:child_process";
import { ensureServerBuild, SERVER_MEMORY_ENV } from "./server-build.mjs";
import { superviseServer } from "./supervise.mjs";

/**
 * `npm start` (and `npm run kindly -- …` with "cli" first): builds the server
 * into plain JavaScript when its sources changed, then runs the build with
 * source maps, so stack traces name the TypeScript lines.
 *
 * The server runs as a child of this launcher, which restarts it when it
 * dies (supervise.mjs). On Linux with glibc the child also gets
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libvips
 * decoding photos) an arena of its own and hardly ever returns their memory,
 * so after a burst of uploads the process kept ~300 MB it no longer used; two
 * arenas keep it near its idle level (docs/operations.md). glibc reads the
 * variable only when a process starts, which a child process allows.
 */
const entry = process.argv[2] === "cli" ? "cli" : "main";
const args = process.argv.slice(entry === "cli" ? 3 : 2);
await ensureServerBuild();

if (entry === "main") {
  const memory = process.platform === "linux" && !process.env.MALLOC_ARENA_MAX ? SERVER_MEMORY_ENV : {};
  superviseServer(
    () =>
      spawn(process.execPath, [...process.execArgv, "--enable-source-maps", "dist/server/main.js", ...args], {
        stdio: "inherit",
        env: { ...process.env, ...memory },
      }),
    { onGiveUp: stopLeftoverPostgres },
  );
} else {
  process.setSourceMapsEnabled(true);
  process.argv.splice(2, process.argv.length - 2, ...args);
  await import(`../dist/server/${entry}.js`);
}

/**
 * The embedded PostgreSQL a crashed server left running (pg_ctl starts it in
 * a session of its own, so it outlives the server), stopped when the launcher
 * gives up: nobody would take it over. The server's own code does it
 * (`kindly stop-leftover-database`: the cluster its settings name, by pg_ctl).
 */
function stopLeftoverPostgres() {
  return new Promise((resolve, reject) => {
    const stop = spawn(process.execPath, ["dist/server/cli.js", "stop-leftover-database"], { stdio: "inherit" });
    stop.once("error", reject);
    stop.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`exit code ${code}`))));
  });
}
