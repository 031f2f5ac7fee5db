import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const featuresIn = (folder) =>
  readdirSync(fileURLToPath(new globalThis.URL(folder, import.meta.url)), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const WEB_FEATURES = featuresIn("./src/web/features");
const SERVER_FEATURES = featuresIn("./src/server/features");

/** Another server feature's files, reached from `depth` folders below src/server/features: all but its door. */
const serverFeatureInternals = (feature, depth) =>
  ["../", "../../", "../../../"].slice(0, depth).flatMap((up) => [`${up}${feature}/**`, `!${up}${feature}/index.js`]);
const SERVER_DOORS_MESSAGE =
  "Server features meet through their door: import from the feature's index.js (what it offers others), never its other files.";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "test-results", "playwright-report", "data"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Issue 44: dates, times, numbers and currencies go through one module, in the locale the
    // language registry names (fr-CA: "17 h 46", "2026-11-26"); a bare "fr" formats as in France.
    // A fixed locale ("en-CA" for a day's key) is not display and stays allowed.
    files: ["src/**/*.{ts,tsx}", "bench/**/*.ts"],
    ignores: ["src/shared/i18n/format.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "NewExpression[callee.object.name='Intl'][callee.property.name=/^(DateTimeFormat|NumberFormat|RelativeTimeFormat|ListFormat|DisplayNames)$/]:not([arguments.0.type='Literal'])",
          message: "Format for people through src/shared/i18n/format.ts (dateFormat, numberFormat…): it uses the language's locale.",
        },
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]:not([arguments.0.type='Literal'])",
          message: "Format for people through src/shared/i18n/format.ts (dateFormat, numberFormat…): it uses the language's locale.",
        },
      ],
    },
  },
  {
    // Plain scripts served as they are to the browser.
    files: ["public/**/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: {
        document: "readonly",
        window: "readonly",
        requestAnimationFrame: "readonly",
        setTimeout: "readonly",
        localStorage: "readonly",
        navigator: "readonly",
        location: "readonly",
      },
    },
  },
  {
    // Imported into the service worker (workbox importScripts): a worker's globals.
    files: ["public/push-worker.js"],
    languageOptions: { globals: { self: "readonly", URL: "readonly", fetch: "readonly" } },
  },
  {
    // Plain Node scripts (what `npm start` runs before any TypeScript is built).
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly" } },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  // Boundaries: shared code stands alone; the browser and the server never import each other.
  {
    files: ["src/shared/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/web/**"] }] },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/**"] }] },
  },
  // In the web app, imports flow shared → lib and components → features → app:
  // a feature never reaches into another feature or the app shell, and lib and
  // components know no feature. What two features need lives in lib/ or components/.
  {
    files: ["src/web/lib/**/*.{ts,tsx}", "src/web/components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/features/**", "**/app/**"] }] },
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], message: "The browser never imports server code." },
            {
              group: ["../../app/**", "../../../app/**", "**/web/app/**"],
              message: "Features do not import the app shell; move what you need to lib/ or components/.",
            },
            {
              group: WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [
                `../${other}/**`,
                `../../${other}/**`,
                `**/features/${other}/**`,
              ]),
              message: "A feature does not import another feature's internals; move what both need to lib/ or components/.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["src/server/**/*.{ts,tsx}", "bench/**/*.ts", "e2e/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/web/**"], message: "The server never imports browser code." },
            {
              group: ["**/server/features/*/**", "./features/*/**", "../features/*/**", "../../features/*/**", "!**/features/*/index.js"],
              message: SERVER_DOORS_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  // Walls and doors (docs/design.md): a server feature offers others what they
  // may use through its index.ts — service functions, route plugins, types,
  // never a repository — and imports another feature only through that door.
  // Which feature may import which (downward only, no cycles) is checked by
  // src/server/features/feature-graph.test.ts.
  ...SERVER_FEATURES.map((feature) => ({
    files: [`src/server/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/web/**"], message: "The server never imports browser code." },
            {
              group: SERVER_FEATURES.filter((other) => other !== feature).flatMap((other) => serverFeatureInternals(other, 3)),
              message: SERVER_DOORS_MESSAGE,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["src/server/features/*/index.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["./*-repository.js", "./**/*-repository.js"],
              message: "A feature's door offers its services, never its repositories.",
            },
          ],
        },
      ],
    },
  },
  // The server's plumbing (src/server/platform: database, mail, storage, rate
  // limits, live events, PDF drawing, metrics…) serves the product features
  // and knows none of them: what it needs from one is passed in (bootstrap.ts).
  {
    files: ["src/server/platform/**/*.{ts,tsx}"],
    ignores: ["src/server/platform/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/web/**"], message: "The server never imports browser code." },
            {
              group: ["**/features/**", "**/app.js", "**/bootstrap.js", "**/main.js"],
              message: "Platform code knows no product feature; take what you need as a parameter (see bootstrap.ts).",
            },
          ],
        },
      ],
    },
  },
);
