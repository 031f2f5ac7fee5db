import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { firstLoadFiles, readManifest } from "../scripts/first-load.js";

/**
 * The JavaScript and CSS a first visit to the home page loads before it is
 * live, in English (scripts/first-load.ts), with their gzip sizes.
 */
export function firstPageAssets(buildDir: string): { file: string; gzipBytes: number }[] {
  const files = firstLoadFiles(readManifest(buildDir), { language: "en" });
  return files.map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(buildDir, file)), { level: 9 }).length }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const assets = firstPageAssets(path.resolve("dist/web"));
  for (const asset of assets) console.log(`${(asset.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${asset.file}`);
  console.log(`${(assets.reduce((sum, a) => sum + a.gzipBytes, 0) / 1024).toFixed(1).padStart(7)} KB  total`);
}
