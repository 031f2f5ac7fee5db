import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  // The manifest lets `npm run bench` measure exactly what the first page loads.
  build: { outDir: "dist/web", emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 3000,
    proxy: { "/api": { target: `http://localhost:${process.env.API_PORT ?? 3001}`, changeOrigin: false } },
  },
});
