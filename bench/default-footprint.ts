import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { openDatabase } from "../src/server/platform/db/client.js";
import { embeddedConnection } from "../src/server/platform/db/embedded-postgres.js";
import { buildOrganization, buildUsers } from "../src/server/test/factories.js";
import { expectOk, row, runConcurrently } from "./load.js";
import { temporaryDataFolder } from "../src/server/test/data-folder.js";

const PORT = 3951;
const UPLOADS = 30;
const UPLOADERS = 4;

/** Resident memory of a process, in MB; its proportional share (PSS) counts shared pages once across a family. */
function memoryOf(pid: number): { rss: number; pss: number } {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(rollup)?.[1] ?? 0) / 1024;
    return { rss: field("Rss"), pss: field("Pss") };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

/** The postmaster of the data folder's embedded server and every process it forked. */
function postgresProcesses(clusterDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
  return [postmaster, ...childrenOf(postmaster)];
}

interface Footprint {
  node: number;
  postgresPss: number;
  postgresRss: number;
  tree: number;
}

/** The processes a pid started (its children, one level). */
function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent's pid (after the command in parentheses).
        return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** `npm start`'s processes: the launcher and, on Linux, the server it runs with MALLOC_ARENA_MAX (scripts/start.mjs). */
function nodeProcesses(launcher: ChildProcess): number[] {
  return [launcher.pid!, ...childrenOf(launcher.pid!)];
}

/** The server itself: the launcher's child when there is one. */
const serverPid = (launcher: ChildProcess) => nodeProcesses(launcher).at(-1)!;

function footprint(launcher: ChildProcess, clusterDir: string): Footprint {
  const nodeMemory = nodeProcesses(launcher).reduce((sum, pid) => sum + memoryOf(pid).rss, 0);
  const postgres = postgresProcesses(clusterDir).map(memoryOf);
  const postgresPss = postgres.reduce((sum, p) => sum + p.pss, 0);
  const postgresRss = postgres.reduce((sum, p) => sum + p.rss, 0);
  return { node: nodeMemory, postgresPss, postgresRss, tree: nodeMemory + postgresPss };
}

const describe = (f: Footprint) =>
  `${f.tree.toFixed(0)} MB`.padStart(7) +
  `   (Node ${f.node.toFixed(0)} MB, PostgreSQL ${f.postgresPss.toFixed(0)} MB PSS / ${f.postgresRss.toFixed(0)} MB RSS summed)`;

/** A 12-megapixel (4,000 × 3,000) phone photo as JPEG. */
async function twelveMegapixelPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0, seed = 11; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[i] = Math.min(255, Math.floor((((i / 3) % width) / width) * 160) + (seed >>> 26));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * `npm start`'s default as a self-hoster runs it (the compiled server and its
 * embedded PostgreSQL, fresh data folder, demo data): the memory of the whole
 * tree idle, after a scan load, after a read load, and through a burst of 30
 * photo uploads of 12 MP from 4 accounts at once.
 */
export async function defaultFootprint(): Promise<void> {
  console.log("\nThe default's memory: `npm start` (compiled server + embedded PostgreSQL), whole tree");
  const dataDir = temporaryDataFolder("kindly-bench-footprint-");
  const clusterDir = path.join(dataDir, "pg");
  const url = `http://127.0.0.1:${PORT}`;
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", APP_URL: url, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (let waited = 0; ; waited += 100) {
      if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
      const ok = await fetch(`${url}/api/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) break;
      if (waited > 180_000) throw new Error("no 200 on /api/health within 180 s");
      await sleep(100);
    }
    await sleep(3000);
    const idle = footprint(server, clusterDir);
    row("idle, whole tree (Node RSS + PostgreSQL PSS)", describe(idle), "≤ 300 MB");
    console.log(
      `  (Node: the server ${memoryOf(serverPid(server)).rss.toFixed(0)} MB and npm start's launcher; PSS counts PostgreSQL's shared memory once)`,
    );

    const database = await openDatabase({ url: embeddedConnection(clusterDir).url, poolSize: 2 });
    const secret = await database.db.selectFrom("app_settings").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
    const people = await buildUsers(database.db, { secret: secret.value, cookieName: "kindly.session_token" }, 200);
    const { virtual } = await buildOrganization(database.db, { locations: 10 });
    await database.close();

    const scans = people.flatMap((person) =>
      virtual.map((place) => () => expectOk(fetch(`${url}/api/scans`, scanRequest(person.cookie, { ...place.code, ...place.at })), 201)),
    );
    await runConcurrently(50, scans);
    row(`after ${scans.length} scans, 50 clients`, describe(footprint(server, clusterDir)), "(none)");

    const reads = [
      "/api/stats",
      "/api/feed",
      "/api/leaderboards?board=individual&period=monthly",
      "/api/leaderboards?board=company&period=all",
      "/api/map/places?south=45.45&west=-73.65&north=45.55&east=-73.5",
    ];
    await runConcurrently(
      50,
      Array.from({ length: 3000 }, (_, i) => () => expectOk(fetch(`${url}${reads[i % reads.length]}`))),
    );
    row("after 3,000 public reads, 50 clients", describe(footprint(server, clusterDir)), "(none)");

    const photo = await twelveMegapixelPhoto();
    const pid = serverPid(server);
    let peak = memoryOf(pid).rss;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 20);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const form = new FormData();
        form.set("caption", `Burst ${i}`);
        form.set("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG.jpg");
        await expectOk(
          fetch(`${url}/api/gallery/posts`, { method: "POST", headers: { cookie: people[i % UPLOADERS]!.cookie }, body: form }),
          201,
        );
      }),
    );
    const burstSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      `  burst: ${UPLOADS} photos of ${(photo.length / 1024 / 1024).toFixed(1)} MB (4,000 × 3,000) from ${UPLOADERS} accounts at once, ${burstSeconds.toFixed(1)} s`,
    );
    row("upload burst, the server's peak RSS", `${peak.toFixed(0)} MB`, "≤ 600 MB");
    await sleep(10_000);
    console.log(
      `  (the server ${memoryOf(pid).rss.toFixed(0)} MB; ${(await (await fetch(`${url}/metrics`)).text())
        .split("\n")
        .filter((l) => /^kindly_nodejs_(heap_size_total|external)/.test(l))
        .join(", ")})`,
    );
    row("10 s after the burst, whole tree", describe(footprint(server, clusterDir)), `near idle (${idle.tree.toFixed(0)} MB)`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
    const left = existsSync(path.join(clusterDir, "postmaster.pid"));
    if (left) console.log("  (the embedded PostgreSQL was still running after SIGTERM)");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function scanRequest(cookie: string, body: object): RequestInit {
  return {
    method: "POST",
    headers: { cookie, "content-type": "application/json", origin: `http://127.0.0.1:${PORT}` },
    body: JSON.stringify(body),
  };
}
