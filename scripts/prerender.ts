import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES, type Language } from "../src/shared/i18n/languages.js";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { firstLoadFiles, readManifest } from "./first-load.js";
import { typesetMessages, type Messages } from "../src/shared/i18n/typography.js";

// Writes dist/web/prerendered/<language>/<page>.html from the server-side
// bundle that `vite build --ssr src/web/prerender.tsx` made in dist/prerender.
const WEB = path.resolve("dist/web");
const { renderPage, pageTitle, PRERENDERED_PAGES } = (await import(
  pathToFileURL(path.resolve("dist/prerender/prerender.js")).href
)) as typeof import("../src/web/prerender.js");
// The stylesheet goes inline: a phone on a slow network then paints the page
// with the HTML alone, without waiting for a second, render-blocking request.
const shell = readFileSync(path.join(WEB, "index.html"), "utf8");
const inlined = shell.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/, (_link, href: string) => {
  const css = readFileSync(path.join(WEB, href), "utf8");
  return `<style>${css.replaceAll("</style", "<\\/style")}</style>`;
});
// The page is already there: its JavaScript is fetched after the first paint
// (public/boot.js), so it does not compete with it on a slow network; then
// all of it at once (BOOT_PRELOADS), not file by file as each one asks.
let entry = "";
const template = inlined
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
  .replace(/\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/, (_tag, src: string) => {
    entry = src;
    return "";
  })
  .replace("</body>", () => `  <script defer src="/boot.js" data-entry="${entry}" data-preload="BOOT_PRELOADS"></script>\n  </body>`);
if (!entry) throw new Error("index.html has no module script to start the app with");
/**
 * The lazy parts each prerendered page loads before React adopts it (router.tsx,
 * preloadPrerenderedPage): fetched with the rest of the first load.
 */
const PAGE_MODULES: Record<keyof typeof PRERENDERED_PAGES, string[]> = {
  index: [],
  auth: ["src/web/features/auth/pages/auth-page.tsx", "src/web/features/auth/components/sign-in-form.tsx"],
  leaderboards: ["src/web/features/leaderboards/leaderboards-page.tsx"],
};
const manifest = readManifest(WEB);
/** The scripts boot.js preloads for a page in a language (the stylesheet is inline). */
const bootPreloads = (name: keyof typeof PRERENDERED_PAGES, language: Language) =>
  firstLoadFiles(manifest, { language, pageModules: PAGE_MODULES[name] })
    .filter((file) => file.endsWith(".js") && `/${file}` !== entry)
    .map((file) => `/${file}`)
    .join(" ");
const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
const messages = Object.fromEntries(
  LANGUAGES.map((language) => [language, JSON.parse(readFileSync(`src/shared/i18n/messages/${language}/app.json`, "utf8")) as object]),
) as Record<Language, object>;

/** The page's description in its language (the shell has the default language's). */
const description = (language: Language) =>
  (typesetMessages(language, messages[language] as Messages) as { common: { description: string } }).common.description;

for (const language of LANGUAGES) {
  const dir = path.join(WEB, "prerendered", language);
  mkdirSync(dir, { recursive: true });
  for (const [name, route] of Object.entries(PRERENDERED_PAGES) as [keyof typeof PRERENDERED_PAGES, string][]) {
    const body = await renderPage(route, language, messages);
    const html = template
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace("<title>Kindly</title>", () => `<title>${escapeHtml(pageTitle(route, language))}</title>`)
      .replace(
        /(<meta name="description" content=")[^"]*/,
        (_tag, start: string) => start + escapeHtml(description(language)).replaceAll('"', "&quot;"),
      )
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
      .replace("BOOT_PRELOADS", () => bootPreloads(name, language));
    const file = path.join(dir, `${name}.html`);
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  }
}
