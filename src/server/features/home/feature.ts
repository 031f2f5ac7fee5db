import { homeRoutes } from "./home-routes.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "home",
  tables: [],
  routes: (deps: Parameters<typeof homeRoutes>[0]) => [{ plugin: homeRoutes(deps) }],
});
