import { defineConfig } from "vitest/config";

/** `npm run test:cluster`: the two-node cluster behind HAProxy (src/server/cluster), apart from the rest of the suite. */
export default defineConfig({
  test: {
    include: ["src/**/*.cluster.ts"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
  },
});
