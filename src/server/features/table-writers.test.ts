import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { databaseTables, sourceFiles, sqlTexts, tablesWrittenBy } from "../test/source-files.js";
import { FEATURES } from "../feature-list.js";

/*
 * One writer per table (issue 45 §1): each table belongs to one feature, and
 * only that feature's code inserts, updates or deletes its rows; another
 * feature asks the owner's door for a verb. This test reads every write in
 * the features' code (tests may set up what they need): Kysely's
 * insertInto/updateTable/deleteFrom with a table's name, and `insert into`,
 * `update`, `delete from` in sql`…` text. A write whose table is computed
 * (`sql.table(name)`, `deleteFrom(table)`) must say which tables it may touch
 * in a `// writes: a, b` comment in the eight lines above it, so none escapes
 * the count. A call of the platform's `hideableRows("table")` is a write of
 * that table by the calling feature.
 *
 * Each feature's declaration (feature.ts, its `tables`) names the tables
 * it owns; the test holds the two together: a feature writes only what it
 * owns, and every table it owns has that one owner.
 */

const FEATURES_DIR = dirname(fileURLToPath(import.meta.url));
const TABLES = databaseTables();

/** The tables a piece of code writes, and the computed writes it leaves undeclared. */
function writesIn(source: string): { tables: Set<string>; undeclared: string[] } {
  const tables = new Set<string>();
  const undeclared: string[] = [];
  for (const [, table] of source.matchAll(/\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*"([a-z_]+)"/g)) tables.add(table!);
  // The platform's hiding of a moderated row writes the table its caller names (platform/db/hideable-rows.ts).
  for (const [, table] of source.matchAll(/\bhideableRows\(\s*"([a-z_]+)"/g)) tables.add(table!);
  for (const text of sqlTexts(source)) for (const table of tablesWrittenBy(text, TABLES)) tables.add(table);
  const lines = source.split("\n");
  lines.forEach((line, index) => {
    const computed =
      /\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*[a-zA-Z_$]/.test(line) ||
      /\b(?:insert\s+into|update|delete\s+from)\s+\$\{sql\.table\(/i.test(line);
    if (!computed) return;
    const declaration = lines
      .slice(Math.max(0, index - 8), index)
      .reverse()
      .map((above) => /\/\/ writes: (.+)$/.exec(above))
      .find(Boolean);
    if (!declaration) return void undeclared.push(`line ${index + 1}: ${line.trim()}`);
    for (const table of declaration[1]!.split(",").map((name) => name.trim())) {
      if (TABLES.has(table)) tables.add(table);
      else undeclared.push(`line ${index + 1}: "${table}" is not a table`);
    }
  });
  return { tables, undeclared };
}

function writersByTable(): { writers: Map<string, Set<string>>; undeclared: string[] } {
  const writers = new Map<string, Set<string>>();
  const undeclared: string[] = [];
  for (const feature of readdirSync(FEATURES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of sourceFiles(join(FEATURES_DIR, feature.name))) {
      const found = writesIn(readFileSync(file, "utf8"));
      undeclared.push(...found.undeclared.map((site) => `${relative(FEATURES_DIR, file)} ${site}`));
      for (const table of found.tables) {
        if (!writers.has(table)) writers.set(table, new Set());
        writers.get(table)!.add(feature.name);
      }
      // better-auth writes the table of each model the feature configures it with (`modelName: "users"`).
      for (const table of betterAuthTables(readFileSync(file, "utf8"))) {
        if (!writers.has(table)) writers.set(table, new Set());
        writers.get(table)!.add(feature.name);
      }
    }
  }
  return { writers, undeclared };
}

/**
 * The tables better-auth writes for the code configuring it: each model's
 * `modelName` in a betterAuth({…}) call's file — but for a model whose
 * writes pass through its owner's door (`databaseHooks: { user:
 * usersAuthHooks }`: the owner's rules on every write, users/auth-writes.ts),
 * which counts as that owner's.
 */
function betterAuthTables(source: string): string[] {
  if (!/\bbetterAuth\(/.test(source)) return [];
  const throughDoor = new Set([...source.matchAll(/\b(\w+):\s*\w+AuthHooks\b/g)].map((match) => match[1]!));
  return [...source.matchAll(/\b(\w+):\s*\{\s*modelName:\s*"([a-z_]+)"/g)]
    .filter(([, model]) => !throughDoor.has(model!))
    .map((match) => match[2]!)
    .filter((table) => TABLES.has(table));
}

/** Tables written by two features on purpose: none (better-auth writes users through the users door since issue 63). */
const STILL_SHARED: string[] = [];

describe("the tables' writers", () => {
  const { writers, undeclared } = writersByTable();
  const shared = [...writers].filter(([, features]) => features.size > 1);
  // The figure the issue tracks (and, with KINDLY_PRINT_WRITERS=1, every table and its writers).
  console.log(`tables written by more than one feature: ${shared.length}`);
  if (process.env.KINDLY_PRINT_WRITERS) console.log(JSON.stringify(Object.fromEntries([...writers].map(([t, f]) => [t, [...f].sort()]))));

  it("are found for every write: a computed table says which tables it may be", () => {
    expect(undeclared).toEqual([]);
  });

  it("are one feature per table, better-auth counted as the feature that configures it", () => {
    expect(shared.map(([table, features]) => `${table}: ${[...features].sort().join(", ")}`)).toEqual(STILL_SHARED);
  });

  it("are the owners each feature declares (its tables), and no table has two", () => {
    const owners = new Map<string, string[]>();
    const strays: string[] = [];
    const folders = readdirSync(FEATURES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(FEATURES.map((feature) => feature.name).sort()).toEqual(folders.map((folder) => folder.name).sort());
    for (const feature of FEATURES) {
      const owned = feature.tables;
      for (const table of owned) {
        if (!TABLES.has(table)) strays.push(`${feature.name} owns "${table}", which is not a table`);
        owners.set(table, [...(owners.get(table) ?? []), feature.name]);
      }
      for (const [table, features] of writers) {
        if (features.has(feature.name) && !owned.includes(table) && !STILL_SHARED.includes(`${table}: ${[...features].sort().join(", ")}`))
          strays.push(`${feature.name} writes ${table} without owning it`);
      }
    }
    for (const [table, features] of owners) if (features.length > 1) strays.push(`${table} is owned by ${features.join(" and ")}`);
    expect(strays).toEqual([]);
  });

  it("catch each kind of write (the reader is not blind)", () => {
    expect([...writesIn('db.insertInto("thanks").values(row)').tables]).toEqual(["thanks"]);
    expect(betterAuthTables('betterAuth({ user: { modelName: "users" }, session: { modelName: "sessions" } })')).toEqual([
      "users",
      "sessions",
    ]);
    expect(betterAuthTables('const x = { modelName: "users" }')).toEqual([]);
    expect(
      betterAuthTables(
        'betterAuth({ user: { modelName: "users" }, session: { modelName: "sessions" }, databaseHooks: { user: usersAuthHooks } })',
      ),
    ).toEqual(["sessions"]);
    expect([...writesIn("await sql`update users set muted_until = ${until}`.execute(db)").tables]).toEqual(["users"]);
    expect(writesIn("trx.deleteFrom(table).where(column, '=', id)").undeclared).toHaveLength(1);
    expect([...writesIn("// writes: chat_messages, gallery_posts\ntrx.updateTable(table)").tables]).toEqual([
      "chat_messages",
      "gallery_posts",
    ]);
  });
});
