/**
 * Notifications: each kind on the channels its person chose (Web Push, email).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { notificationRoutes } from "./notifications-routes.js";
export { createNotifier, type Notice, type Notifier } from "./notifications-service.js";
export { sendStreakReminders, startStreakReminders } from "./streak-reminders.js";
