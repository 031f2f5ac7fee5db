import { leaderboardsRoutes } from "./leaderboards-routes.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "leaderboards",
  tables: [],
  routes: (deps: Parameters<typeof leaderboardsRoutes>[0]) => [{ plugin: leaderboardsRoutes(deps) }],
});
