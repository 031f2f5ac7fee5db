import { adminRoutes } from "./admin-routes.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "admin",
  tables: [],
  routes: (deps: Parameters<typeof adminRoutes>[0]) => [{ plugin: adminRoutes(deps) }],
});
