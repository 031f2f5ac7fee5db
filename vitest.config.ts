import { defineConfig } from "vitest/config";

/*
 * Three kinds of test file, each starting only what it needs:
 * - unit: `*.test.ts(x)` that are not API tests — shared rules, web logic,
 *   pure server logic. No database: a file answers in a second or two.
 *   (unit-pages: the one that renders the router's pages, isolated.)
 * - api: `*.api.test.ts` — real HTTP on a real PostgreSQL; one embedded
 *   cluster for the whole project (global-setup.ts).
 * - replica: the API files whose public reads also go through
 *   DATABASE_READ_URL; they run again on a primary and its streaming replica
 *   (replica-setup.ts), which only this project starts. A file that asks for
 *   the replica (`testDrivers({ replica: true })`) and is not listed here
 *   fails rather than quietly running on the primary alone.
 * - third-language: `*.third-language.test.ts` — API files run with a third
 *   language added to the registry at runtime (third-language-setup.ts).
 * `npx vitest run <file or folder>` starts only the projects its files need.
 */
const REPLICA_FILES = [
  "src/server/features/anomalies/anomalies.api.test.ts",
  "src/server/features/home/goals.api.test.ts",
  "src/server/features/leaderboards/my-board-place.api.test.ts",
  "src/server/features/privacy/account-deletion.api.test.ts",
  "src/server/features/privacy/privacy-by-default.api.test.ts",
  "src/server/features/scan/scans.api.test.ts",
  "src/server/http/http-basics.api.test.ts",
  "src/server/http/public-read-cache.api.test.ts",
];

/** Unit files that render the web app's pages as a first visit does (prerender.tsx): each in a worker of its own. */
const PAGE_RENDERING_FILES = ["src/web/pseudo-locale.test.tsx"];

export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    // Vitest's default is one worker per core but one, so a single worker on CI's two cores; the API files
    // mostly wait on PostgreSQL and HTTP, and three side by side took the suite from 496 s to 328 s (issue 59).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // Files share a worker's modules (issue 59: the unit files 34 s → 20 s): none keeps state another reads.
          isolate: false,
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: ["src/**/*.api.test.ts", "src/**/*.third-language.test.ts", ...PAGE_RENDERING_FILES],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        // Renders the router's first render, lazy pages as their loading state: in a worker where another
        // file already imported a lazy page, that page would render whole.
        test: { name: "unit-pages", include: PAGE_RENDERING_FILES, testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: "api",
          // Files share a worker's modules instead of importing the whole server again each (about 3 s of CPU
          // per file, ~30 % of the project's time, issue 59): each file's servers, schemas and folders are its own.
          isolate: false,
          include: ["src/**/*.api.test.ts"],
          exclude: REPLICA_FILES,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ["src/server/test/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "third-language",
          include: ["src/**/*.third-language.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ["src/server/test/global-setup.ts"],
          setupFiles: ["src/server/test/third-language-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "replica",
          // As the api project's: one import of the server per worker, each file's servers and databases its own.
          isolate: false,
          include: REPLICA_FILES,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ["src/server/test/global-setup.ts", "src/server/test/replica-setup.ts"],
        },
      },
    ],
  },
});
