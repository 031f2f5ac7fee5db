import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, appendFileSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";

/**
 * A PostgreSQL server of the tests' own, in a temporary folder: for what the
 * machine's shared server cannot do (crash it, stream to a replica). Built
 * with the server's own tools; PostgreSQL refuses to run as root, so they run
 * as the `postgres` user when the tests run as root.
 *
 * The tools run without blocking the event loop: a test's own Kindly, in the
 * same process, keeps serving (and answering 503) while its database is
 * stopped and started again, as a server in production does.
 */

function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(root, version, "bin") : undefined;
}

/** Why a private cluster cannot run here, or null when it can. */
export function privateClusterUnavailable(): string | null {
  const bin = postgresBin();
  if (!bin || !existsSync(path.join(bin, "initdb"))) return "PostgreSQL's server tools are not installed (/usr/lib/postgresql/*/bin)";
  if (userInfo().uid === 0 && !existsSync("/usr/sbin/runuser")) return "running as root without runuser to become postgres";
  return null;
}

const run = promisify(execFile);

async function asPostgres(tool: string, args: string[]): Promise<void> {
  const file = path.join(postgresBin()!, tool);
  const [command, commandArgs] = userInfo().uid === 0 ? ["/usr/sbin/runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  await run(command, commandArgs, { encoding: "utf8" });
}

function ownedFolder(prefix: string): string {
  const dir = mkdtempSync(path.join("/tmp", prefix));
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

export interface PgServer {
  port: number;
  url: string;
  dataDir: string;
  start(): Promise<void>;
  /** `fast` shuts down cleanly; `immediate` is a crash (no checkpoint, recovery at the next start). */
  stop(mode: "fast" | "immediate"): Promise<void>;
  destroy(): Promise<void>;
}

function serverAt(dataDir: string, port: number): PgServer {
  const log = path.join(dataDir, "server.log");
  const server: PgServer = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    start: () => asPostgres("pg_ctl", ["-D", dataDir, "-l", log, "-w", "-t", "60", "start"]),
    stop: (mode) => asPostgres("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]),
    async destroy() {
      await server.stop("immediate").catch(() => undefined); // already stopped
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A new primary on `port`, durable (fsync and synchronous commit on), accepting replication from loopback. */
export async function startPrimary(port: number): Promise<PgServer> {
  const parent = ownedFolder("kindly-pg-primary-");
  const data = path.join(parent, "data");
  await asPostgres("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-instructions"]);
  appendFileSync(
    path.join(data, "postgresql.conf"),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${parent}'`,
      "wal_level = replica",
      "max_wal_senders = 4",
      "fsync = on",
      "synchronous_commit = on",
      "max_connections = 120",
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(data, "pg_hba.conf"),
    ["local all all trust", "host all all 127.0.0.1/32 trust", "host replication all 127.0.0.1/32 trust", ""].join("\n"),
  );
  const server = serverAt(data, port);
  const destroy = server.destroy;
  server.destroy = async () => {
    await destroy();
    rmSync(parent, { recursive: true, force: true });
  };
  await server.start();
  return server;
}

/** A streaming replica of `primary` on `port` (pg_basebackup -R), read-only, following it continuously. */
export async function startReplica(primary: PgServer, port: number): Promise<PgServer> {
  const parent = ownedFolder("kindly-pg-replica-");
  const data = path.join(parent, "data");
  await asPostgres("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", data, "-R", "-X", "stream"]);
  appendFileSync(path.join(data, "postgresql.conf"), `port = ${port}\nunix_socket_directories = '${parent}'\nhot_standby = on\n`);
  const server = serverAt(data, port);
  const destroy = server.destroy;
  server.destroy = async () => {
    await destroy();
    rmSync(parent, { recursive: true, force: true });
  };
  await server.start();
  return server;
}
