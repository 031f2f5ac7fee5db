import { contactRoutes } from "./contact-routes.js";
import { contactLimits } from "./rate-limits.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "contact",
  tables: [],
  routes: (deps: Parameters<typeof contactRoutes>[0]) => [{ plugin: contactRoutes(deps) }],
  rateLimits: Object.values(contactLimits),
});
