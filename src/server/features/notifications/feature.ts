import { notificationRoutes } from "./notifications-routes.js";
import { EMAILS } from "./emails.js";
import { notificationsLimits } from "./rate-limits.js";
import { STREAK_REMINDER_KIND, sendFreezeNotices, sendStreakReminders } from "./streak-reminders.js";
import { personalData } from "./personal-data.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "notifications",
  tables: [
    "notification_preferences",
    "push_subscriptions",
    "streak_reminders",
    "streak_freeze_notices",
    "reminder_offers",
    "email_pauses",
  ],
  readModels: ["notificationPreferences"],
  routes: (deps: Parameters<typeof notificationRoutes>[0]) => [{ plugin: notificationRoutes(deps) }],
  emails: Object.values(EMAILS),
  rateLimits: Object.values(notificationsLimits),
  notificationKinds: [STREAK_REMINDER_KIND],
  jobs: (deps) => [
    {
      name: "streak reminders",
      everyMs: deps.config.REMINDER_CHECK_SECONDS * 1000,
      run: () => Promise.all([sendStreakReminders(deps), sendFreezeNotices(deps)]),
    },
  ],
  personalData,
});
