import { anomalyRoutes } from "./anomaly-routes.js";
import { runAnomalyDigest } from "./anomaly-service.js";
import { EMAILS } from "./emails.js";
import { personalData } from "./personal-data.js";
import { HOURLY } from "../../platform/jobs/repeating-job.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "anomalies",
  tables: ["anomaly_digests", "anomaly_flags"],
  routes: (deps: Parameters<typeof anomalyRoutes>[0]) => [{ plugin: anomalyRoutes(deps) }],
  emails: Object.values(EMAILS),
  jobs: (deps) => [
    // Once a day (it keeps which day it did): yesterday's unusual scan patterns, flagged and mailed to the official account.
    { name: "the anomaly digest", ...HOURLY, run: () => runAnomalyDigest({ ...deps, appUrl: deps.config.APP_URL }) },
  ],
  personalData,
});
