import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureServerBuild } from "../../../scripts/server-build.mjs";
import { openDatabase, type Database } from "../platform/db/client.js";
import { readEvents } from "../test/event-stream.js";
import { buildOrganization, buildUsers } from "../test/factories.js";
import { TestClient } from "../test/http-client.js";
import { photo, photoForm } from "../test/images.js";
import { startPrimary, startReplica, type PgServer } from "../test/pg-cluster.js";
import { startS3Server } from "../test/s3-server.js";
import { expectNoActLost, startScanLoad } from "../test/scan-load.js";
import { freePort, startServerProcess, type ServerProcess } from "../test/server-process.js";
import { startSmtpCapture } from "../test/smtp-capture.js";
import { haproxyConfig } from "./haproxy-config.js";

/**
 * The production topology on this machine (docs/operations.md, "Deployment"):
 * two Kindly nodes (the compiled build, NODE_ENV=production) behind HAProxy
 * health-checking /api/health/ready, a PostgreSQL 15 primary with a
 * streaming replica for public reads, Redis for the rate limits, an
 * S3-compatible store (s3rver) and an SMTP server.
 */
describe("two Kindly nodes behind HAProxy", () => {
  let primary: PgServer;
  let replica: PgServer;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let haproxy: ChildProcess;
  let folder: string;
  let setup: Database;
  const nodes: { port: number; server: (ServerProcess & { pid: number }) | null }[] = [];
  let balancer: string;
  let env: Record<string, string>;

  const startNode = async (i: number) => {
    nodes[i]!.server = await startServerProcess({ port: nodes[i]!.port, env });
  };
  const ready = (url: string) =>
    fetch(`${url}/api/health/ready`).then(
      (res) => res.status,
      () => 0,
    );

  beforeAll(async () => {
    await ensureServerBuild();
    primary = await startPrimary(await freePort());
    replica = await startReplica(primary, await freePort());
    s3 = await startS3Server();
    smtp = await startSmtpCapture();
    const lbPort = await freePort();
    balancer = `http://127.0.0.1:${lbPort}`;
    for (let i = 0; i < 2; i++) nodes.push({ port: await freePort(), server: null });
    env = {
      NODE_ENV: "production",
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: replica.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/7",
      SMTP_URL: smtp.url,
      ...s3.env,
      APP_URL: balancer,
      TRUST_PROXY: "1",
      RATE_LIMIT_SCALE: "100",
      AUTH_SECRET: "cluster-test-secret-cluster-test-secret-0123456789",
    };
    folder = mkdtempSync(path.join(tmpdir(), "kindly-haproxy-"));
    writeFileSync(path.join(folder, "haproxy.cfg"), haproxyConfig({ folder, port: lbPort, nodes: nodes.map((n) => n.port) }));
    haproxy = spawn("haproxy", ["-db", "-f", path.join(folder, "haproxy.cfg")], { stdio: ["ignore", "ignore", "inherit"] });
    // Both nodes at once on an empty database: migrations run once (the migrator's advisory lock).
    await Promise.all([startNode(0), startNode(1)]);
    setup = await openDatabase({ url: primary.url, poolSize: 2 });
    // HAProxy takes a node in after two good checks.
    for (let waited = 0; (await ready(balancer)) !== 200; waited += 200) {
      if (waited > 30_000) throw new Error("HAProxy never found a ready node");
      await sleep(200);
    }
  }, 300_000);

  afterAll(async () => {
    await setup?.close();
    await Promise.all(nodes.map((node) => node.server?.stop("SIGTERM")));
    haproxy?.kill("SIGTERM");
    await smtp?.close();
    await s3?.close();
    await replica?.destroy();
    await primary?.destroy();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("ran each migration exactly once with both nodes starting together", async () => {
    const rows = await setup.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    const names = rows.map((row) => (row as { name: string }).name);
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size).toBe(names.length);
  });

  it("keeps serving when a node is killed and the primary restarts, losing no acknowledged act", async () => {
    const users = await buildUsers(setup.db, { secret: env.AUTH_SECRET!, cookieName: "kindly.session_token" }, 300);
    const { virtual } = await buildOrganization(setup.db, { locations: 24 });
    const load = startScanLoad({ baseUrl: () => balancer, users, places: virtual, walkers: 8, pauseMs: 30 });
    await sleep(2000);

    // A node killed outright: HAProxy sends everything to the other; the same sessions carry on.
    nodes[0]!.server!.stop("SIGKILL");
    const before = load.report.acknowledged.size;
    await expect.poll(() => load.report.acknowledged.size, { timeout: 60_000 }).toBeGreaterThan(before + 50);
    await startNode(0);

    // The primary restarted: both nodes recover by themselves.
    await primary.stop("fast");
    await sleep(1000);
    await primary.start();
    for (const node of nodes) await expect.poll(() => ready(node.server!.url), { timeout: 60_000, interval: 200 }).toBe(200);
    const afterRestart = load.report.acknowledged.size;
    await expect.poll(() => load.report.acknowledged.size, { timeout: 60_000 }).toBeGreaterThan(afterRestart + 50);

    const report = await load.stop();
    process.stdout.write(`cluster: ${[...report.statuses].map(([s, n]) => `${s}×${n}`).join(", ")}; ${report.retried} scans retried\n`);
    expect(report.wrong).toEqual([]);
    await expectNoActLost(setup.db, report.acknowledged);
  }, 300_000);

  it("carries a chat message posted on one node to a live stream held by the other, and a photo uploaded on one to the other", async () => {
    const [author] = await buildUsers(setup.db, { secret: env.AUTH_SECRET!, cookieName: "kindly.session_token" }, 1);
    const [a, b] = nodes.map((node) => node.server!.url);
    const stream = await fetch(`${b}/api/events`);
    expect(stream.status).toBe(200);
    const words = `Hello from node A ${Date.now()}`;
    let messageId: string | null = null;
    const heard = readEvents(
      stream,
      (events) => messageId !== null && events.some((e) => e.event === "chat" && e.data.includes(messageId!)),
    );
    const posted = await new TestClient(a!, { cookie: author!.cookie }).post("/api/chat/messages", { body: words });
    expect(posted.status).toBe(201);
    messageId = posted.body.id as string;
    // A chunk must arrive after the id is known: any later event will do, so post a second message.
    const { events } = await Promise.race([
      heard,
      (async () => {
        await sleep(500);
        await new TestClient(a!, { cookie: author!.cookie }).post("/api/chat/messages", { body: `${words} (again)` });
        return heard;
      })(),
    ]);
    expect(events.some((e) => e.event === "chat" && e.data.includes(messageId!))).toBe(true);

    const upload = await new TestClient(a!, { cookie: author!.cookie }).upload(
      "/api/gallery/posts",
      photoForm({ caption: "Across nodes" }, await photo()),
    );
    expect(upload.status).toBe(201);
    const image = await new TestClient(b!, { cookie: author!.cookie }).get(`/api/gallery/posts/${upload.body.id}/image`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
  });
});
