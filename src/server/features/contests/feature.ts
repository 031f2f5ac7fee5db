import { contestsRoutes } from "./contests-routes.js";
import { contestAdminRoutes } from "./contest-admin-routes.js";
import { EMAILS } from "./emails.js";
import { CONTEST_RESULTS_KIND } from "./contest-results-notice.js";
import { drawDueContests } from "./contest-auto-draw.js";
import { personalData } from "./personal-data.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "contests",
  tables: ["contest_draw_entries", "contest_entries", "contest_prizes", "contest_winners", "contests"],
  sqlFunctions: ["contest_running_at", "contest_status", "contest_give_tickets"],
  readModels: ["publishedContests", "contestEntries"],
  routes: (deps: Parameters<typeof contestsRoutes>[0] & Parameters<typeof contestAdminRoutes>[0]) => [
    { plugin: contestsRoutes(deps) },
    { plugin: contestAdminRoutes(deps) },
  ],
  emails: Object.values(EMAILS),
  notificationKinds: [CONTEST_RESULTS_KIND],
  jobs: (deps) => [
    {
      // Contests draw themselves once their grace has passed (none when CONTEST_AUTO_DRAW_SECONDS is 0).
      name: "contests: the automatic draw",
      everyMs: deps.config.CONTEST_AUTO_DRAW_SECONDS * 1000,
      run: () => drawDueContests({ ...deps, appUrl: deps.config.APP_URL, graceMs: deps.config.CONTEST_DRAW_GRACE_SECONDS * 1000 }),
    },
  ],
  personalData,
});
