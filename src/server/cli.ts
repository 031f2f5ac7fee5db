import { createDeps, databaseFor } from "./bootstrap.js";
import { z } from "zod";
import { loadConfig } from "./config.js";
import type { AppDeps } from "./bootstrap.js";
import { ensureOfficialAccount } from "./features/auth/index.js";
import { describeReport, reconcileAggregates } from "./features/scan/index.js";
import { verifyPublishedDraw } from "./features/contests/index.js";
import { restoreBackup, writeBackup } from "./platform/db/backup.js";
import { isEncryptedBackup } from "./platform/db/backup-file.js";
import { PASSPHRASE_MIN_LENGTH, PASSPHRASE_VARIABLE, readPassphrase } from "./cli-passphrase.js";
import { createFileStorage } from "./platform/storage/file-storage.js";
import { stopLeftoverPostgres } from "./platform/db/embedded-postgres.js";
import path from "node:path";

const USAGE = [
  "Usage:",
  "  npm run kindly -- set-official <email>   make <email> the official account (created if missing)",
  "  npm run kindly -- verify [--since YYYY-MM-DD] [--repair]",
  "                                           recompute every aggregate from the acts and print any drift",
  "                                           (--since: only what the acts of that New York day and after count in);",
  "                                           --repair rewrites the drifting rows in one transaction",
  "  npm run kindly -- verify-draw <url|file> --commitment <fingerprint>",
  "                                           check a contest's published draw (its page /contests/<id>/draw,",
  "                                           its proof /api/contests/<id>/draw, or a saved copy): the seed against",
  "                                           the fingerprint published at the contest's creation, the ticket list",
  "                                           and the winners",
  "  npm run kindly -- backup <file> [--encrypt]",
  "                                           write every row (one consistent snapshot) and every uploaded file to <file>,",
  "                                           readable by you only; --encrypt seals it with a passphrase (age format),",
  "                                           asked on the terminal or given in KINDLY_BACKUP_PASSPHRASE",
  "  npm run kindly -- restore <file>         restore <file> into an empty database and upload store (a new DATA_DIR),",
  "                                           then migrate it to this release (an encrypted file asks for its passphrase)",
  "  npm run kindly -- stop-leftover-database stop the embedded PostgreSQL a crashed server left running",
  "                                           (npm start's launcher runs it when it gives up on a crashing server)",
].join("\n");

/** A real calendar day written YYYY-MM-DD (zod's ISO date refuses 2026-02-30). */
const isCalendarDay = (value: string | undefined): value is string => z.iso.date().safeParse(value).success;

type Command = (deps: AppDeps, args: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  async "set-official"(deps, [email]) {
    if (!email) return usage();
    const result = await ensureOfficialAccount(deps, email);
    process.stdout.write(`${email} is now the official account.\n`);
    if (result.created) process.stdout.write(`It did not exist and was created with the password: ${result.password}\n`);
    return 0;
  },
  async verify(deps, args) {
    const sinceAt = args.indexOf("--since");
    const since = sinceAt >= 0 ? args[sinceAt + 1] : undefined;
    const unknown = args.filter((arg, i) => arg !== "--repair" && !(sinceAt >= 0 && (i === sinceAt || i === sinceAt + 1)));
    if (unknown.length > 0 || (sinceAt >= 0 && !isCalendarDay(since))) return usage();
    const report = await reconcileAggregates(deps.db, { repair: args.includes("--repair"), since });
    for (const line of describeReport(report)) process.stdout.write(`${line}\n`);
    // Drift left in place is a failure for scripts; a repaired one is not.
    return report.drift.length > 0 && !report.repaired ? 1 : 0;
  },
};

async function backupOrRestore(name: "backup" | "restore", args: string[]): Promise<number> {
  const encrypt = name === "backup" && args.includes("--encrypt");
  const [file, ...rest] = args.filter((arg) => arg !== "--encrypt");
  if (!file || rest.length > 0) return usage();
  let passphrase: string | null = null;
  if (encrypt || (name === "restore" && (await isEncryptedBackup(file)))) {
    passphrase = await readPassphrase({ confirm: encrypt });
    if (!passphrase) throw new Error(`An encrypted backup needs a passphrase: type it on a terminal, or set ${PASSPHRASE_VARIABLE}.`);
    if (encrypt && passphrase.length < PASSPHRASE_MIN_LENGTH)
      throw new Error(`Choose a passphrase of at least ${PASSPHRASE_MIN_LENGTH} characters (a few words).`);
  }
  const config = loadConfig();
  const database = await databaseFor(config, { stopEmbedded: "if-started" });
  const log = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const storage = await createFileStorage(config);
    if (name === "backup") {
      log(`Backing up to ${file}…`);
      const header = await writeBackup(database.db, storage, file, log, { passphrase });
      log(`Done: ${Object.keys(header.tables).length} tables as of ${header.createdAt}.`);
    } else {
      log(`Restoring ${file}…`);
      const header = await restoreBackup(database.db, database.schema, storage, file, log, { passphrase });
      log(`Done: the data as of ${header.createdAt}. Check it with: npm run kindly -- verify`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** The embedded PostgreSQL a crashed server left running, stopped (with DATABASE_URL there is none of Kindly's to stop). */
async function stopLeftover(args: string[]): Promise<number> {
  if (args.length > 0) return usage();
  const config = loadConfig();
  if (config.DATABASE_URL) return 0;
  const pid = await stopLeftoverPostgres(path.join(config.DATA_DIR, "pg"));
  if (pid !== null) process.stderr.write(`Stopped the embedded PostgreSQL a crashed server left running (pid ${pid}).\n`);
  return 0;
}

function usage(): number {
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

/** Operator commands: `npm run kindly -- <command>`. */
async function run([name, ...args]: string[]): Promise<number> {
  // Anyone can run this one: it needs the published proof, not Kindly's database.
  if (name === "verify-draw") return verifyPublishedDraw(args, (line) => process.stdout.write(`${line}\n`));
  // The launcher's, when it gives up on a crashing server (scripts/start.mjs): nothing to open, only to stop.
  if (name === "stop-leftover-database") return stopLeftover(args);
  // These two work on the data as it is: no migration first (a restore needs an empty database).
  if (name === "backup" || name === "restore") return backupOrRestore(name, args);
  const command = name ? COMMANDS[name] : undefined;
  if (!command) return usage();
  const config = loadConfig();
  const database = await databaseFor(config, { stopEmbedded: "if-started" });
  try {
    const deps = await createDeps(config, database, () => undefined);
    try {
      return await command(deps, args);
    } finally {
      await deps.live.close();
      await deps.sessions.close();
      await deps.limiter.close();
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
