import { ensureServerBuild } from "./server-build.mjs";

/**
 * `npm start` (and `npm run kindly -- …` with "cli" first): builds the server
 * into plain JavaScript when its sources changed, then runs the build with
 * source maps, so stack traces name the TypeScript lines.
 */
const entry = process.argv[2] === "cli" ? "cli" : "main";
if (entry === "cli") process.argv.splice(2, 1);
await ensureServerBuild();
process.setSourceMapsEnabled(true);
await import(`../dist/server/${entry}.js`);
