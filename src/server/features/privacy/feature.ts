import { privacyRoutes } from "./privacy-routes.js";
import { purgeDueAccounts } from "./deletion-service.js";
import { removeExpiredExports } from "./export-service.js";
import { EMAILS } from "./emails.js";
import { privacyLimits } from "./rate-limits.js";
import { personalData } from "./personal-data.js";
import { HOURLY } from "../../platform/jobs/repeating-job.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "privacy",
  tables: ["data_exports"],
  routes: (deps: Parameters<typeof privacyRoutes>[0]) => [{ plugin: privacyRoutes(deps) }],
  emails: Object.values(EMAILS),
  rateLimits: Object.values(privacyLimits),
  jobs: (deps) => [
    // Accounts asked to be deleted lose their personal data on their date (30 days after asking).
    { name: "the account purge", ...HOURLY, run: () => purgeDueAccounts(deps) },
    { name: "removing expired data archives", ...HOURLY, run: () => removeExpiredExports(deps) },
  ],
  personalData,
});
