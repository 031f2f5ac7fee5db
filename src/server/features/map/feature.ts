import { mapRoutes } from "./map-routes.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "map",
  tables: [],
  routes: (deps: Parameters<typeof mapRoutes>[0]) => [{ plugin: mapRoutes(deps) }],
});
