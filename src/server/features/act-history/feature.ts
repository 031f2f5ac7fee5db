import { actHistoryRoutes } from "./act-history-routes.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "act-history",
  tables: [],
  routes: (deps: Parameters<typeof actHistoryRoutes>[0]) => [{ plugin: actHistoryRoutes(deps) }],
});
