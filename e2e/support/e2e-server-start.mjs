import path from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import esbuild from "esbuild";
import { NODE_BUNDLE_OPTIONS } from "../../scripts/server-build.mjs";

/*
 * Starts the journeys' server (e2e-server.ts) as one file bundled by esbuild,
 * as `npm start`'s server is (scripts/server-build.mjs), instead of through
 * tsx, which transforms each of its thousand modules at start: the two
 * servers of a run answer in 4.6 s instead of 7.5 s, with half the CPU
 * (issue 59). Each server bundles to a file of its own (named by its port),
 * so the two starting side by side never write one file. The bundle sits two
 * folders down from the repository, as e2e/support does, so the paths the
 * server finds from its own location are the same.
 */
const outfile = path.resolve(`dist/e2e/e2e-server-${process.env.PORT ?? "default"}.mjs`);
await esbuild.build({ ...NODE_BUNDLE_OPTIONS, entryPoints: [path.resolve("e2e/support/e2e-server.ts")], outfile });
await esbuild.stop();
await import(pathToFileURL(outfile).href);
