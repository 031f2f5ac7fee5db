/**
 * Notifications: each kind on the channels its person chose (Web Push, email).
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { notificationRoutes } from "./notifications-routes.js";
export { createNotifier } from "./notifications-service.js";
export { sendFreezeNotices, sendStreakReminders } from "./streak-reminders.js";
export { personalData } from "./personal-data.js";
export { feature } from "./feature.js";
