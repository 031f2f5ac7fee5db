import { rename, rm } from "node:fs/promises";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { createGunzip, createGzip } from "node:zlib";
import { sql, type Kysely } from "kysely";
import type { FileStorage } from "../storage/file-store.js";
import { migrateTo, MIGRATION_NAMES } from "./migrate.js";
import { assertPrivateFolder, backupReader, backupWriter } from "./backup-file.js";

/*
 * `npm run kindly -- backup <file>` and `restore <file>` (docs/operations.md,
 * "Backups"): every row of every table, read in one snapshot, and every
 * uploaded file, in one gzip-compressed file of JSON lines. Version
 * independent (no pg_dump, whose version must match the server's; the
 * embedded server ships none): rows are read with row_to_json and written
 * back with json_populate_recordset, tables in the order of their foreign
 * keys.
 *
 * The file: a header line, then for each table a line naming it and its row
 * count followed by its rows, then one line per uploaded file (base64), then
 * an end line, so a truncated copy is refused. Its envelope (owner-only,
 * optionally encrypted) is backup-file.ts's.
 */

const FORMAT = "kindly-backup";
const VERSION = 1;
const FETCH = 500;
/** The migrator's own tables: a restore rebuilds them by migrating. */
const SKIPPED = new Set(["kysely_migration", "kysely_migration_lock"]);

interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The migrations the database had: a restore lays the rows on the same schema, then migrates on. */
  migrations: string[];
  tables: Record<string, number>;
}

/** The schema's tables, each after every table it refers to (foreign keys). */
async function tablesInOrder(db: Kysely<any>): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`.execute(db);
  const { rows: refs } = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema() and c.oid <> p.oid`.execute(db);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const ref of refs) if (ref.child === name) visit(ref.parent, path);
    placed.add(name);
    ordered.push(name);
  };
  for (const table of tables) visit(table.name, new Set());
  return ordered.filter((name) => !SKIPPED.has(name));
}

const quoted = (name: string) => sql.id(name);

/**
 * Writes the backup of `db` and `storage` to `file` (through a temporary
 * name, so a failed backup leaves no half file), readable by its owner only,
 * sealed with `passphrase` when one is given (backup-file.ts).
 */
export async function writeBackup(
  db: Kysely<any>,
  storage: FileStorage,
  file: string,
  log: (line: string) => void,
  options: { passphrase?: string | null } = {},
): Promise<Header> {
  await assertPrivateFolder(file);
  const temporary = `${file}.partial`;
  const gzip = createGzip();
  const out = await backupWriter(temporary, options.passphrase ?? null);
  gzip.pipe(out.stream);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await once(gzip, "drain");
  };
  const writeRaw = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, "drain");
  };
  try {
    // One snapshot for every table: the rows agree with each other as at one moment.
    const header = await db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => {
        const { rows: done } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx);
        const tables = await tablesInOrder(trx);
        const counts: Record<string, number> = {};
        for (const table of tables) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${quoted(table)}`.execute(trx);
          counts[table] = rows[0]!.n;
        }
        const head: Header = {
          format: FORMAT,
          version: VERSION,
          createdAt: new Date().toISOString(),
          migrations: done.map((row) => row.name),
          tables: counts,
        };
        await write(head);
        for (const table of tables) {
          await write({ table, rows: counts[table] });
          await sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${quoted(table)} t`.execute(trx);
          for (;;) {
            const { rows } = await sql<{ j: string }>`fetch forward ${sql.raw(String(FETCH))} from backup_rows`.execute(trx);
            for (const row of rows) await writeRaw(row.j);
            if (rows.length < FETCH) break;
          }
          await sql`close backup_rows`.execute(trx);
          log(`  ${table}: ${counts[table]} rows`);
        }
        return head;
      });
    // Files after the rows: a file is stored before the row that names it, so every file the rows name is here.
    let files = 0;
    for await (const key of storage.list()) {
      const body = await storage.get(key);
      if (!body) continue;
      await write({ upload: key, data: body.toString("base64") });
      files++;
    }
    await write({ end: true, files });
    log(`  ${files} uploaded files`);
    gzip.end();
    await out.done;
    await rename(temporary, file);
    return header;
  } catch (error) {
    gzip.destroy();
    out.stream.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip",
};

/**
 * Restores `file` into `db` and `storage`, which must be empty (a new data
 * folder, or a new database): the schema as the backup's database had it,
 * every row (user triggers off, so counters are taken as they were), the
 * sequences moved past the rows, then the migrations this code adds.
 */
export async function restoreBackup(
  db: Kysely<any>,
  schema: string,
  storage: FileStorage,
  file: string,
  log: (line: string) => void,
  options: { passphrase?: string | null } = {},
): Promise<Header> {
  const { rows: existing } = await sql<{ n: number }>`
    select count(*)::int as n from pg_tables where schemaname = current_schema() and tablename = 'users'`.execute(db);
  if (existing[0]!.n > 0) throw new Error("The database is not empty: restore only into a new data folder or an empty database.");
  for await (const _key of storage.list()) throw new Error("The upload store is not empty: restore only into a new data folder or store.");

  const input = (await backupReader(file, options.passphrase ?? null)).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const { value, done } = await lines.next();
    if (done) throw new Error("The backup file ends too early: it is incomplete.");
    return value;
  };
  const header = JSON.parse(await next()) as Header;
  if (header.format !== FORMAT || header.version !== VERSION) throw new Error("This file is not a Kindly backup.");
  const unknown = header.migrations.filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length > 0)
    throw new Error(`The backup comes from a newer Kindly (migrations ${unknown.join(", ")}): restore it with that release.`);
  const last = header.migrations.at(-1);
  if (last) await migrateTo(db, schema, { name: last });

  await db.transaction().execute(async (trx) => {
    const tables = Object.keys(header.tables);
    // The migrations seed some tables (the achievements, the counters): the backup holds them as they were.
    for (const table of [...tables].reverse()) {
      await sql`alter table ${quoted(table)} disable trigger user`.execute(trx);
      await sql`delete from ${quoted(table)}`.execute(trx);
    }
    for (let t = 0; t < tables.length; t++) {
      const { table, rows: count } = JSON.parse(await next()) as { table: string; rows: number };
      if (!(table in header.tables)) throw new Error(`The backup names an unknown table ${table}.`);
      for (let done = 0; done < count;) {
        const batch: string[] = [];
        while (batch.length < FETCH && done + batch.length < count) batch.push(await next());
        await sql`insert into ${quoted(table)} select * from json_populate_recordset(null::${quoted(table)}, ${`[${batch.join(",")}]`}::json)`.execute(
          trx,
        );
        done += batch.length;
      }
      // Serial and identity columns continue after the restored rows.
      const { rows: sequences } = await sql<{ column: string; sequence: string }>`
        select a.attname as column, pg_get_serial_sequence(quote_ident(${table}), a.attname) as sequence
        from pg_attribute a where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence(quote_ident(${table}), a.attname) is not null`.execute(trx);
      for (const { column, sequence } of sequences) {
        await sql`select setval(${sequence}, coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`.execute(trx);
      }
      log(`  ${table}: ${count} rows`);
    }
    for (const table of tables) await sql`alter table ${quoted(table)} enable trigger user`.execute(trx);
  });

  let files = 0;
  for (;;) {
    const line = JSON.parse(await next()) as { upload?: string; data?: string; end?: boolean; files?: number };
    if (line.end) {
      if (line.files !== files) throw new Error("The backup's uploaded files are incomplete.");
      break;
    }
    const key = line.upload!;
    await storage.put(
      key,
      Buffer.from(line.data!, "base64"),
      CONTENT_TYPES[key.split(".").pop()!.toLowerCase()] ?? "application/octet-stream",
    );
    files++;
  }
  log(`  ${files} uploaded files`);
  await migrateTo(db, schema, "latest");
  return header;
}
