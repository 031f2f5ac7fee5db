import { scalePath } from "./scale-path.js";

/**
 * `npm run bench:scale [-- --acts 10000000]`: the reads at 100 K, 1 M and the
 * largest size (10 M unless --acts says otherwise), on DATABASE_URL (issue 62).
 */
const asked = process.argv.indexOf("--acts");
const largest = asked >= 0 ? Number(process.argv[asked + 1]) : 10_000_000;
if (!Number.isInteger(largest) || largest < 100_000) throw new Error("--acts takes a whole number of acts, 100000 or more");
if (!process.env.DATABASE_URL)
  throw new Error("bench:scale runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)");
const sizes = [...new Set([100_000, Math.min(1_000_000, largest), largest])].sort((a, b) => a - b);
await scalePath(sizes);
