import { readFileSync } from "node:fs";
import path from "node:path";

/** One entry of Vite's build manifest (dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function readManifest(webDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(webDir, ".vite/manifest.json"), "utf8")) as Manifest;
}

/**
 * The files a first visit loads before the page is live, as paths under the
 * build folder: the entry (src/web/main.tsx) and its CSS, the steps it starts
 * the app with (its dynamic imports: messages, React DOM, the app), the
 * language's messages, and `pageModules` (source paths) — the lazy parts a
 * prerendered page loads before React adopts it (router.tsx,
 * preloadPrerenderedPage) — each with everything it imports statically.
 * prerender.ts asks for them all at once after the first paint; the bench
 * weighs them.
 */
export function firstLoadFiles(manifest: Manifest, { language, pageModules = [] }: { language: string; pageModules?: string[] }): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error("The build manifest has no entry");
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  visit(entryKey);
  manifest[entryKey]!.dynamicImports?.forEach(visit);
  visit(`src/shared/i18n/messages/${language}/app.json`);
  pageModules.forEach(visit);
  return [...files];
}
