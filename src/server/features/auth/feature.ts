import { authRoutes } from "./auth-routes.js";
import { EMAILS } from "./emails.js";
import { authLimits } from "./rate-limits.js";
import { personalData } from "./personal-data.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "auth",
  tables: ["known_devices"],
  routes: (deps: Parameters<typeof authRoutes>[0]) => [{ plugin: authRoutes(deps), prefix: "/auth" }],
  emails: Object.values(EMAILS),
  rateLimits: Object.values(authLimits),
  personalData,
});
