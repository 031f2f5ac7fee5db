import { writePath } from "./write-path.js";
await writePath();
process.exit(0);
