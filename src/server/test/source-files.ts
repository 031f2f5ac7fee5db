import { readdirSync } from "node:fs";
import { join } from "node:path";

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
