import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles, sqlTexts } from "../test/source-files.js";
import { FEATURES } from "../feature-list.js";

/*
 * Reads across features (issue 45 §1): a feature's own code never selects
 * from, or joins, a table another feature owns (its declaration's tables); it
 * asks that feature's door, or joins a read model the owner publishes in its
 * read-models.ts (platform/db/read-model.ts: the columns others may read, as
 * a subquery). Counted at 91 (feature, table) pairs when first measured; now none.
 */

const FEATURES_DIR = dirname(fileURLToPath(import.meta.url));
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each table's owner, from the features' declarations (table-writers.test.ts holds them true). */
function owners(): Map<string, string> {
  const owner = new Map<string, string>();
  for (const feature of features) {
    for (const table of FEATURES.find((declared) => declared.name === feature)?.tables ?? []) owner.set(table, feature);
  }
  return owner;
}

/** The tables a piece of code reads: Kysely's selectFrom and joins, and from/join in sql`…` texts. */
function readsIn(source: string): Set<string> {
  const tables = new Set<string>();
  for (const [, table] of source.matchAll(/\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*"([a-z_]+)/g)) tables.add(table!);
  for (const text of sqlTexts(source)) {
    for (const [, table] of text.matchAll(/\b(?:from|join)\s+([a-z_]+)\b/gi)) tables.add(table!.toLowerCase());
  }
  return tables;
}

/** "feature → table (owner)" for every read of a table another feature owns. */
function crossReads(): string[] {
  const owner = owners();
  const found = new Set<string>();
  for (const feature of features) {
    for (const file of sourceFiles(join(FEATURES_DIR, feature))) {
      for (const table of readsIn(readFileSync(file, "utf8"))) {
        const by = owner.get(table);
        if (by && by !== feature) found.add(`${feature} → ${table} (${by})`);
      }
    }
  }
  return [...found].sort();
}

describe("reads across features", () => {
  const reads = crossReads();
  console.log(`features reading a table another feature owns: ${reads.length} (feature, table) pairs`);
  if (process.env.KINDLY_PRINT_READS) console.log(reads.join("\n"));

  it("are none: every read of another feature's table goes through a read model its owner publishes", () => {
    expect(reads).toEqual([]);
  });

  it("go through read models each published by the table's owner, in its read-models.ts", () => {
    const owner = owners();
    for (const feature of features) {
      const path = join(FEATURES_DIR, feature, "read-models.ts");
      let source: string;
      try {
        source = readFileSync(path, "utf8");
      } catch {
        continue;
      }
      for (const [, table] of source.matchAll(/readModel\("([a-z_]+)"/g))
        expect(`${table} (${owner.get(table!)})`).toBe(`${table} (${feature})`);
    }
  });

  it("are found in Kysely and in SQL text alike (the reader is not blind)", () => {
    expect([...readsIn('db.selectFrom("users as u").innerJoin("acts as a", "a.user_id", "u.id")')]).toEqual(["users", "acts"]);
    expect([...readsIn("sql`select 1 from thanks t join users u on u.id = t.user_id`")]).toEqual(["thanks", "users"]);
  });

  it("are the read models each feature declares, and a feature's SQL imports nothing", () => {
    const strays: string[] = [];
    for (const feature of FEATURES) {
      const path = join(FEATURES_DIR, feature.name, "read-models.ts");
      const published = existsSync(path)
        ? [...readFileSync(path, "utf8").matchAll(/^export (?:async )?(?:function|const) (\w+)/gm)].map((match) => match[1]!)
        : [];
      if (published.join() !== (feature.readModels ?? []).join())
        strays.push(
          `${feature.name} publishes ${published.join(", ") || "none"}, declares ${(feature.readModels ?? []).join(", ") || "none"}`,
        );
      const sqlFolder = join(FEATURES_DIR, feature.name, "sql");
      for (const file of existsSync(sqlFolder) ? sourceFiles(sqlFolder) : []) {
        if (/^\s*import\b/m.test(readFileSync(file, "utf8"))) strays.push(`${relative(FEATURES_DIR, file)} imports something`);
      }
    }
    expect(strays).toEqual([]);
  });
});
