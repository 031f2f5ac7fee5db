import { accountRoutes } from "./account-routes.js";
import { EMAILS } from "./emails.js";
import { accountsLimits } from "./rate-limits.js";
import { personalData } from "./personal-data.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "accounts",
  tables: ["email_recovery_tokens"],
  routes: (deps: Parameters<typeof accountRoutes>[0]) => [{ plugin: accountRoutes(deps) }],
  emails: Object.values(EMAILS),
  rateLimits: Object.values(accountsLimits),
  personalData,
});
