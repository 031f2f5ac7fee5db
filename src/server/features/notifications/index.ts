/**
 * Notifications: each kind on the channels its person chose (Web Push, email).
 * Owns: notification_preferences, push_subscriptions, streak_reminders, streak_freeze_notices, reminder_offers, email_pauses (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { notificationRoutes } from "./notifications-routes.js";
export { createNotifier, type Notice, type Notifier, type NotifierDeps } from "./notifications-service.js";
export { sendFreezeNotices, sendStreakReminders, startStreakReminders } from "./streak-reminders.js";
export { personalData } from "./personal-data.js";
