import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The JavaScript and CSS a first visit loads: the entry, everything it
 * imports statically, their CSS, and the message file of the language shown
 * (English here; i18n.ts loads it before the first render).
 */
export function firstPageAssets(buildDir: string): { file: string; gzipBytes: number }[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const languageKey = Object.keys(manifest).find((key) => key.endsWith("shared/i18n/messages/en/app.json"));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  visit(entryKey);
  if (languageKey) visit(languageKey);
  return [...files].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(buildDir, file)), { level: 9 }).length }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const assets = firstPageAssets(path.resolve("dist/web"));
  for (const asset of assets) console.log(`${(asset.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${asset.file}`);
  console.log(`${(assets.reduce((sum, a) => sum + a.gzipBytes, 0) / 1024).toFixed(1).padStart(7)} KB  total`);
}
