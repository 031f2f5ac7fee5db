import { registerSharePage, shareRoutes } from "./share-routes.js";
import { shareLimits } from "./rate-limits.js";
import { pluginOf } from "../../platform/feature.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "share",
  tables: [],
  routes: (deps: Parameters<typeof shareRoutes>[0]) => [
    { plugin: shareRoutes(deps) },
    { plugin: pluginOf((app) => registerSharePage(app, deps)), at: "web" },
  ],
  rateLimits: Object.values(shareLimits),
});
