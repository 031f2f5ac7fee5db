import { figuresRoutes } from "./figures-routes.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "organization-figures",
  tables: ["organization_period_figures"],
  routes: (deps: Parameters<typeof figuresRoutes>[0]) => [{ plugin: figuresRoutes(deps) }],
});
