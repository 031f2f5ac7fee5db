import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./src/shared/i18n/languages.js";
import { typesetMessages, type Messages } from "./src/shared/i18n/typography.js";

const OUT_DIR = "dist/web";

/**
 * Brotli and gzip copies of every built text asset, made once at build time so
 * the server sends them without compressing on each request (@fastify/static's
 * `preCompressed`). Level 11 brotli is slow, which is fine at build time.
 */
function precompress(): Plugin {
  return {
    name: "kindly-precompress",
    apply: (config, env) => env.command === "build" && !config.build?.ssr,
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(OUT_DIR)) {
        if (!/\.(js|css|html|json|svg|webmanifest|txt)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The shell's own words (index.html's description and what a browser without
 * JavaScript shows) come from the message files, every language's, so a
 * language added as messages is there too.
 */
function shellWords(): Plugin {
  const common = (language: string) => {
    const messages = JSON.parse(readFileSync(`src/shared/i18n/messages/${language}/app.json`, "utf8")) as Messages;
    return typesetMessages(language, messages).common as Record<string, string>;
  };
  const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");
  return {
    name: "kindly-shell-words",
    transformIndexHtml(html) {
      return html
        .replace(
          /(<meta name="description" content=")[^"]*(")/,
          (_tag, start: string, end: string) => start + escape(common(DEFAULT_LANGUAGE).description!) + end,
        )
        .replace(
          /<noscript>[^<]*<\/noscript>/,
          () => `<noscript>${LANGUAGES.map((language) => escape(common(language).needsJavaScript!)).join(" / ")}</noscript>`,
        );
    },
  };
}

/**
 * offline.html, written from the message files at build time
 * (src/web/offline/offline-page.ts, through scripts/offline-page.ts), before
 * the service worker's precache list is made.
 */
function offlinePage(): Plugin {
  return {
    name: "kindly-offline-page",
    apply: (config, env) => env.command === "build" && !config.build?.ssr,
    generateBundle() {
      const source = execFileSync(process.execPath, ["--import", "tsx", "scripts/offline-page.ts"], { encoding: "utf8" });
      this.emitFile({ type: "asset", fileName: "offline.html", source });
    },
  };
}

/**
 * The service worker (Workbox, through vite-plugin-pwa): it precaches the app
 * shell and the built assets, so the app opens fast and an installed app
 * starts without the network; a page opened offline gets offline.html, which
 * says what works without a connection, except a code's scan page, which gets
 * the app (it saves the scan on the device and sends it later). Pages
 * themselves always come from the network (they are prerendered per
 * language), and nothing under /api is ever cached: one person's data is never served to another. A new version
 * takes over at once; pages already open finish with the code they have.
 * The manifest is served by the server, in the visitor's language
 * (src/server/http/web-manifest.ts); the app registers the worker itself
 * (src/web/lib/service-worker.ts).
 */
function installableApp() {
  return VitePWA({
    injectRegister: false,
    manifest: false,
    workbox: {
      globPatterns: ["index.html", "offline.{html,js}", "push-worker.js", "*.{svg,png}", "assets/*.{js,css}"],
      // Notifications: showing a push, opening its page on a tap (public/push-worker.js).
      importScripts: ["/push-worker.js"],
      globIgnores: ["prerendered/**"],
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 3_000_000,
      navigateFallback: null,
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        // A code scanned without the network opens the app itself, which saves the scan on the device (issue 42 §5).
        {
          urlPattern: ({ request, url }) => request.mode === "navigate" && /^\/(scan-qr$|scan$|c\/)/.test(url.pathname),
          handler: "NetworkOnly",
          options: { precacheFallback: { fallbackURL: "/index.html" } },
        },
        // A scan whose request cannot leave is sent again by the worker when the network returns (Background
        // Sync where the browser has it), with its idempotency key: the page's own copy and this one are one act.
        {
          urlPattern: ({ url }) => url.pathname === "/api/scans",
          method: "POST",
          handler: "NetworkOnly",
          options: { backgroundSync: { name: "kindly-scans", options: { maxRetentionTime: 24 * 60 } } },
        },
        {
          urlPattern: ({ request, url }) => request.mode === "navigate" && !url.pathname.startsWith("/api/"),
          handler: "NetworkOnly",
          options: { precacheFallback: { fallbackURL: "/offline.html" } },
        },
      ],
    },
  });
}

export default defineConfig(({ command }) => {
  // A build is always the production bundle, whatever NODE_ENV the shell has:
  // Vite and the React plugin read it after this file, and with "development"
  // they ship React's development build and JSX runtime.
  if (command === "build") process.env.NODE_ENV = "production";
  return {
    plugins: [react(), shellWords(), offlinePage(), installableApp(), precompress()],
    // The manifest lets `npm run bench` measure exactly what the first page loads.
    // KINDLY_SOURCEMAP=1 adds source maps, to read a browser profile of the built app by its sources.
    build: { outDir: OUT_DIR, emptyOutDir: true, sourcemap: process.env.KINDLY_SOURCEMAP === "1", manifest: true },
    server: {
      port: 3000,
      proxy: Object.fromEntries(
        ["/api", "/manifest.webmanifest"].map((prefix) => [
          prefix,
          { target: `http://localhost:${process.env.API_PORT ?? 3001}`, changeOrigin: false },
        ]),
      ),
    },
  };
});
