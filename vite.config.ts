import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig(({ command }) => {
  // A build is always the production bundle, whatever NODE_ENV the shell has:
  // Vite and the React plugin read it after this file, and with "development"
  // they ship React's development build and JSX runtime.
  if (command === "build") process.env.NODE_ENV = "production";
  return {
    plugins: [react(), precompress()],
    // The manifest lets `npm run bench` measure exactly what the first page loads.
    build: { outDir: OUT_DIR, emptyOutDir: true, sourcemap: false, manifest: true },
    server: {
      port: 3000,
      proxy: { "/api": { target: `http://localhost:${process.env.API_PORT ?? 3001}`, changeOrigin: false } },
    },
  };
});
