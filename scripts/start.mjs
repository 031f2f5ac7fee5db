import { spawn } from "node:child_process";
import { ensureServerBuild, SERVER_MEMORY_ENV } from "./server-build.mjs";

/**
 * `npm start` (and `npm run kindly -- …` with "cli" first): builds the server
 * into plain JavaScript when its sources changed, then runs the build with
 * source maps, so stack traces name the TypeScript lines.
 *
 * On Linux with glibc the server runs with MALLOC_ARENA_MAX=2: glibc gives
 * each thread that allocates (libvips decoding photos) an arena of its own and
 * hardly ever returns their memory, so after a burst of uploads the process
 * kept ~300 MB it no longer used; two arenas keep it near its idle level
 * (docs/operations.md). glibc reads the variable only when a process starts,
 * so when it is missing the server runs in a child process that has it.
 */
const entry = process.argv[2] === "cli" ? "cli" : "main";
const args = process.argv.slice(entry === "cli" ? 3 : 2);
await ensureServerBuild();

if (entry === "main" && process.platform === "linux" && !process.env.MALLOC_ARENA_MAX) {
  const child = spawn(process.execPath, [...process.execArgv, "--enable-source-maps", `dist/server/${entry}.js`, ...args], {
    stdio: "inherit",
    env: { ...process.env, ...SERVER_MEMORY_ENV },
  });
  // The server shuts down cleanly on these (and stops its embedded PostgreSQL): pass them on, then leave as it left.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  process.setSourceMapsEnabled(true);
  process.argv.splice(2, process.argv.length - 2, ...args);
  await import(`../dist/server/${entry}.js`);
}
