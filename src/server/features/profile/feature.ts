import { profileRoutes } from "./profile-routes.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "profile",
  tables: [],
  routes: (deps: Parameters<typeof profileRoutes>[0]) => [{ plugin: profileRoutes(deps) }],
});
