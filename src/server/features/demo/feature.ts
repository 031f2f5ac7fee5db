import { demoRoutes } from "./demo-routes.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "demo",
  tables: [],
  routes: (deps: Parameters<typeof demoRoutes>[0]) => [{ plugin: demoRoutes(deps), devOnly: true }],
});
