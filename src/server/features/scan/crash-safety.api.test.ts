import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { embeddedConnection } from "../../platform/db/embedded-postgres.js";
import { openDatabase } from "../../platform/db/client.js";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { freePort, startServerProcess, type ServerProcess } from "../../test/server-process.js";
import { reconcileAggregates } from "../scan/index.js";
import { temporaryDataFolder } from "../../test/data-folder.js";
import { expectNoActLost } from "../../test/scan-load.js";

const CLIENTS = 30;
/** Crash once this many scans have been acknowledged, mid-flow. */
const ACKNOWLEDGED_BEFORE_CRASH = 150;

/**
 * `npm start`'s default: Kindly and its embedded PostgreSQL in a data
 * folder. Crashed twice under scan load: first Kindly alone (its database
 * keeps running, orphaned, and the next start takes it over), then Kindly
 * and PostgreSQL together (the next start clears the stale lock files and
 * PostgreSQL recovers from its log).
 */
describe("a crash under load on the embedded default", () => {
  it("loses no acknowledged act, keeps its number, leaves no gap and no drift", async () => {
    const dataDir = temporaryDataFolder("kindly-crash-");
    const clusterDir = path.join(dataDir, "pg");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" };
    const port = await freePort();
    let server: ServerProcess | undefined = await startServerProcess({ port, env });
    try {
      const setup = await openDatabase({ url: embeddedConnection(clusterDir).url, poolSize: 2 });
      const secret = await setup.db.selectFrom("app_settings").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
      const users = await buildUsers(setup.db, { secret: secret.value, cookieName: "kindly.session_token" }, CLIENTS);
      const { virtual } = await buildOrganization(setup.db, { type: "company", locations: 40 });
      await setup.close();
      const acknowledged = new Map<string, number>();

      for (const [round, crash] of [
        [0, "Kindly"],
        [1, "Kindly and PostgreSQL"],
      ] as const) {
        // Each client is one person walking from place to place; what the server acknowledged is kept.
        let crashed = false;
        let reachedCrashPoint: () => void = () => undefined;
        const crashPoint = new Promise<void>((resolve) => (reachedCrashPoint = resolve));
        const target = acknowledged.size + ACKNOWLEDGED_BEFORE_CRASH;
        const walkers = users.map(async (user) => {
          const client = new TestClient(server!.url, { cookie: user.cookie });
          for (const place of virtual.slice(round * 20, round * 20 + 20)) {
            if (crashed) return;
            const res = await client.post("/api/scans", { ...place.code, ...place.at }).catch(() => null);
            if (res?.status === 201) {
              acknowledged.set(res.body.actId as string, res.body.actNumber as number);
              if (acknowledged.size >= target) reachedCrashPoint();
            }
          }
        });
        await Promise.race([crashPoint, Promise.all(walkers)]);
        crashed = true;
        const postmaster = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
        // In the middle of the flow: no clean shutdown anywhere.
        await Promise.all([
          server.stop("SIGKILL"),
          crash === "Kindly" ? undefined : Promise.resolve().then(() => process.kill(postmaster, "SIGKILL")),
        ]);
        await Promise.all(walkers);
        expect(acknowledged.size, crash).toBeGreaterThanOrEqual(target);
        server = await startServerProcess({ port, env });
      }

      const after = await openDatabase({ url: embeddedConnection(clusterDir).url, poolSize: 2 });
      try {
        await expectNoActLost(after.db, acknowledged);
        const report = await reconcileAggregates(after.db, { repair: false });
        expect(report.drift).toEqual([]);
        expect(report.missingNumbers).toBe(0);
      } finally {
        await after.close();
      }
    } finally {
      await server?.stop("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
