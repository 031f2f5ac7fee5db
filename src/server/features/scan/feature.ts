import { scanRoutes } from "./scan-routes.js";
import { scanLimits } from "./rate-limits.js";
import { personalData } from "./personal-data.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "scan",
  tables: [
    "act_counter",
    "act_total_histogram",
    "acts",
    "daily_act_counts",
    "leaderboard_counts",
    "manual_act_batches",
    "organization_closed_day_changes",
    "organization_hour_counts",
    "organization_participant_days",
    "pending_scans",
    "person_organization_counts",
    "scan_replays",
    "source_day_counts",
    "source_totals",
    "user_achievements",
    "user_count",
    "user_scan_days",
    "user_stats",
    "voided_acts",
  ],
  sqlFunctions: ["record_acts", "user_count_follow", "organization_participant_days_follow"],
  readModels: [
    "publishedActs",
    "personTotals",
    "boardCounts",
    "actCounter",
    "dailyActCounts",
    "memberCount",
    "personScanDays",
    "actTotalHistogram",
    "personAchievements",
    "voidedActs",
    "manualActBatches",
    "organizationHourCounts",
    "sourceDayCounts",
    "personOrganizationCounts",
    "organizationParticipantDays",
    "closedDayChanges",
  ],
  routes: (deps: Parameters<typeof scanRoutes>[0]) => [{ plugin: scanRoutes(deps) }],
  rateLimits: Object.values(scanLimits),
  personalData,
});
