import { roleRoutes } from "./role-routes.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "roles",
  tables: [],
  routes: (deps: Parameters<typeof roleRoutes>[0]) => [{ plugin: roleRoutes(deps) }],
});
