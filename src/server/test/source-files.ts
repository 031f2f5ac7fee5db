import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** A folder's TypeScript source files, at any depth, tests left out (for tests that read the code itself). */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The sql`…` texts of a file (a nested ${…} stays inside its text: it is read as part of it). */
export function sqlTexts(source: string): string[] {
  return [...source.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)].map((match) => match[1]!);
}

/** Every table of the database, as platform/db/schema.ts names them in `DB`. */
export function databaseTables(): Set<string> {
  const schema = readFileSync(fileURLToPath(new URL("../platform/db/schema.ts", import.meta.url)), "utf8");
  return new Set(
    [...schema.slice(schema.indexOf("export interface DB {")).matchAll(/^\s+([a-z_]+): \w+Table;/gm)].map((match) => match[1]!),
  );
}

/** The tables a piece of SQL writes: insert into, update, delete from (a word that is no table, `do update set`, is left out). */
export function tablesWrittenBy(text: string, tables: ReadonlySet<string>): string[] {
  const written = new Set<string>();
  for (const [, table] of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi)) {
    if (tables.has(table!)) written.add(table!);
  }
  return [...written];
}
