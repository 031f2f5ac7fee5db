import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import walls from "./eslint/walls.js";

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
    // Plain Node scripts (what `npm start` runs before any TypeScript is built; the journeys' server launcher).
    files: ["scripts/**/*.mjs", "e2e/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", fetch: "readonly" } },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  // Walls and doors (docs/design.md), by where an import lands (eslint/walls.js):
  // shared stands alone; the browser and the server never import each other;
  // a web feature never reaches into another or the app shell, and lib/ and
  // components/ know no feature; a server feature offers others what they may
  // use through its index.ts — service functions, route plugins, types, never a
  // repository — and is reached only through it, from anywhere (other features,
  // the app, bench, security, e2e), by static or dynamic import alike; platform
  // code knows no feature. Which feature may import which (downward only, no
  // cycles) is checked by src/server/features/feature-graph.test.ts.
  {
    files: ["src/**/*.{ts,tsx}", "bench/**/*.ts", "e2e/**/*.ts", "security/**/*.ts", "scripts/**/*.{ts,mts,mjs}"],
    plugins: { kindly: { rules: { walls } } },
    rules: { "kindly/walls": "error" },
  },
);
