import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { buildOrganization, signedInUser } from "../../test/factories.js";
import { photo, photoForm } from "../../test/images.js";
import { temporaryDataFolder } from "../../test/data-folder.js";
import { compiledEntry } from "../../test/server-process.js";
import { useTestServer } from "../../test/test-server.js";
import { startEmbeddedPostgres } from "./embedded-postgres.js";
import { openDatabase } from "./client.js";

const run = promisify(execFile);

/** The file's content when it is plain gzip, null when it is not (an encrypted backup). */
function gunzipOrNull(bytes: Buffer): Buffer | null {
  try {
    return gunzipSync(bytes);
  } catch {
    return null;
  }
}

/** `npm run kindly -- <args>` as an operator types it: the compiled commands `npm run kindly` runs. */
async function kindly(args: string[], env: Record<string, string>) {
  return run(process.execPath, [...(await compiledEntry("cli")), ...args], {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Every table's rows, each table's in a stable order, as JSON text. */
async function everyRow(db: Kysely<any>): Promise<Record<string, unknown>> {
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%' order by 1`.execute(db);
  const out: Record<string, unknown> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{
      rows: unknown;
    }>`select coalesce(json_agg(t order by t::text), '[]'::json) as rows from ${sql.id(name)} t`.execute(db);
    out[name] = rows[0]!.rows;
  }
  return out;
}

async function files(folder: string): Promise<Record<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return Object.fromEntries(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(folder, file), readFileSync(file).toString("base64")];
      }),
  );
}

describe("backups", () => {
  // Read from a schema of the operator's choosing (DATABASE_SCHEMA), restored into the embedded default.
  const suite = useTestServer("postgres", { schema: "kindly_data" });

  it("round-trip a populated database and its uploads into a new data folder: every row, every file, and verify agrees", async () => {
    const { db } = suite.server.deps;
    // Acts, achievements, counters, a chat message, a gallery photo.
    const { physical, virtual } = await buildOrganization(db, { locations: 2 });
    for (let i = 0; i < 3; i++) {
      const user = await signedInUser(suite.server);
      expect((await user.client.post("/api/scans", physical)).status).toBe(201);
      expect((await user.client.post("/api/scans", { ...virtual[i % 2]!.code, ...virtual[i % 2]!.at })).status).toBe(201);
      expect((await user.client.post("/api/chat/messages", { body: `Hello number ${i}` })).status).toBe(201);
      if (i === 0) expect((await user.client.upload("/api/gallery/posts", photoForm({ caption: "Kept" }, await photo()))).status).toBe(201);
    }

    const folder = temporaryDataFolder("kindly-backup-");
    const file = path.join(folder, "kindly.backup");
    const restored = path.join(folder, "restored");
    try {
      const source = { DATABASE_URL: suite.server.databaseUrl, DATABASE_SCHEMA: "kindly_data", UPLOADS_DIR: suite.server.uploadsDir };
      const failed = (error: { code: number; stderr: string }) => error;

      // Readable by its owner only (this process's umask is 022), and never written into a folder others may write to.
      const plainFile = path.join(folder, "plain.backup");
      expect((await kindly(["backup", plainFile], source)).stdout).toContain("Done:");
      expect(statSync(plainFile).mode & 0o777).toBe(0o600);
      const shared = path.join(folder, "shared");
      mkdirSync(shared);
      chmodSync(shared, 0o777);
      const refused = await kindly(["backup", path.join(shared, "k.backup")], source).catch(failed);
      expect((refused as { code: number }).code).toBe(1);
      expect((refused as { stderr: string }).stderr).toContain("can be written by other users");
      expect(readdirSync(shared)).toEqual([]);

      // Sealed with a passphrase (age, scrypt): none of what it holds can be read in the file.
      const sealing = { ...source, KINDLY_BACKUP_PASSPHRASE: "correct horse battery staple" };
      const short = await kindly(["backup", path.join(folder, "short.backup"), "--encrypt"], {
        ...source,
        KINDLY_BACKUP_PASSPHRASE: "short",
      }).catch(failed);
      expect((short as { stderr: string }).stderr).toContain("at least 12 characters");
      const backup = await kindly(["backup", file, "--encrypt"], sealing);
      expect(backup.stdout).toContain("Done:");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const whole = readFileSync(file);
      expect(whole.subarray(0, 22).toString()).toBe("age-encryption.org/v1\n");
      expect(whole.toString("latin1")).toContain("-> scrypt ");
      expect(gunzipOrNull(whole)).toBeNull();

      // Restoring asks for it: none, or a wrong one, restores nothing.
      const target = { DATA_DIR: path.join(folder, "attempt"), DATABASE_URL: "" };
      const withoutPassphrase = await kindly(["restore", file], target).catch(failed);
      expect((withoutPassphrase as { stderr: string }).stderr).toContain("needs a passphrase");
      const wrongPassphrase = await kindly(["restore", file], { ...target, KINDLY_BACKUP_PASSPHRASE: "not the passphrase" }).catch(failed);
      expect((wrongPassphrase as { stderr: string }).stderr).toContain("does not open this backup");

      // A truncated copy is refused, and leaves the new data folder's database empty.
      const truncatedFile = path.join(folder, "truncated.backup");
      writeFileSync(truncatedFile, whole.subarray(0, Math.floor(whole.length / 2)));
      const truncated = await kindly(["restore", truncatedFile], {
        DATA_DIR: path.join(folder, "truncated"),
        DATABASE_URL: "",
        KINDLY_BACKUP_PASSPHRASE: sealing.KINDLY_BACKUP_PASSPHRASE,
      }).catch(failed);
      expect((truncated as { code: number }).code).toBe(1);

      const restore = await kindly(["restore", file], {
        DATA_DIR: restored,
        DATABASE_URL: "",
        KINDLY_BACKUP_PASSPHRASE: sealing.KINDLY_BACKUP_PASSPHRASE,
      });
      expect(restore.stdout).toContain("Done:");
      // Into a folder that now holds data: refused.
      const again = await kindly(["restore", plainFile], { DATA_DIR: restored, DATABASE_URL: "" }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect((again as { stderr: string }).stderr).toContain("not empty");

      const verify = await kindly(["verify"], { DATA_DIR: restored, DATABASE_URL: "" });
      expect(verify.stdout).not.toMatch(/drift/i);

      const server = await startEmbeddedPostgres({ dataDir: path.join(restored, "pg") });
      const copy = await openDatabase({ url: server.url, poolSize: 2 });
      try {
        expect(await everyRow(copy.db)).toEqual(await everyRow(db));
      } finally {
        await copy.close();
        await server.stop();
      }
      expect(await files(path.join(restored, "uploads"))).toEqual(await files(suite.server.uploadsDir));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 240_000);
});
