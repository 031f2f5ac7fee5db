import { buildWeb } from "../src/server/web-build.js";

// `npm run build`: the same build `npm start` makes when the build is missing or stale.
buildWeb();
