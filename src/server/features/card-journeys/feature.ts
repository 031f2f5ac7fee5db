import { cardJourneyRoutes } from "./card-journeys-routes.js";
import { EMAILS } from "./emails.js";
import { CARD_TRAVELS_KIND } from "./travels-notice.js";
import { cardJourneyTasks } from "./card-journey-tasks.js";
import { sendTravelDigests } from "./card-journeys-service.js";
import { personalData } from "./personal-data.js";
import type { NotifierDeps } from "../../platform/notify/notifier.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "card-journeys",
  tables: ["card_mutes", "card_travel_notices", "travel_news", "travel_email_days", "pending_travel_news"],
  routes: (deps: Parameters<typeof cardJourneyRoutes>[0] & NotifierDeps) => [{ plugin: cardJourneyRoutes(deps) }],
  emails: Object.values(EMAILS),
  notificationKinds: [CARD_TRAVELS_KIND],
  jobs: (deps) => [{ name: "card news digest", everyMs: deps.config.REMINDER_CHECK_SECONDS * 1000, run: () => sendTravelDigests(deps) }],
  tasks: (deps) => cardJourneyTasks(deps),
  personalData,
});
