import { buildWeb } from "../src/server/web-build.js";
import { buildServer } from "./server-build.mjs";

// `npm run build`: the same builds `npm start` makes when they are missing or stale (web app, then server).
buildWeb();
await buildServer();
