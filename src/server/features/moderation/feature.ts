import { moderationRoutes } from "./moderation-routes.js";
import { moderationLimits } from "./rate-limits.js";
import { personalData } from "./personal-data.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "moderation",
  tables: ["content_reports", "moderation_actions"],
  routes: (deps: Parameters<typeof moderationRoutes>[0]) => [{ plugin: moderationRoutes(deps) }],
  rateLimits: Object.values(moderationLimits),
  personalData,
});
