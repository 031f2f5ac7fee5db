import { thanksRoutes } from "./thanks-routes.js";
import { EMAILS } from "./emails.js";
import { THANKS_KIND } from "./thanks-notice.js";
import { thanksTasks } from "./thanks-tasks.js";
import { personalData } from "./personal-data.js";
import type { NotifierDeps } from "../../platform/notify/notifier.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "thanks",
  tables: ["thanks"],
  readModels: ["publishedThanks"],
  routes: (deps: Parameters<typeof thanksRoutes>[0] & NotifierDeps) => [{ plugin: thanksRoutes(deps) }],
  emails: Object.values(EMAILS),
  notificationKinds: [THANKS_KIND],
  tasks: (deps) => thanksTasks(deps),
  personalData,
});
