import { teamsRoutes } from "./teams-routes.js";
import { EMAILS } from "./emails.js";
import { teamsLimits } from "./rate-limits.js";
import { TEAM_CHALLENGE_KIND, celebrateReachedChallenges } from "./team-challenges.js";
import { personalData } from "./personal-data.js";
import type { NotifierDeps } from "../../platform/notify/notifier.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "teams",
  tables: ["team_challenge_reached", "team_members", "teams"],
  readModels: ["publishedTeams"],
  routes: (deps: Parameters<typeof teamsRoutes>[0] & NotifierDeps) => [{ plugin: teamsRoutes(deps) }],
  emails: Object.values(EMAILS),
  rateLimits: Object.values(teamsLimits),
  notificationKinds: [TEAM_CHALLENGE_KIND],
  jobs: (deps) => [
    { name: "team challenges", everyMs: deps.config.REMINDER_CHECK_SECONDS * 1000, run: () => celebrateReachedChallenges(deps) },
  ],
  personalData,
});
