import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const WEB_FEATURES = readdirSync(fileURLToPath(new globalThis.URL("./src/web/features", import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
    files: ["src/server/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/web/**"] }] },
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
