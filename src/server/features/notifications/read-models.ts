import { readModel } from "../../platform/db/read-model.js";

/*
 * What other features may read of this feature's tables: its published read
 * models (issue 45 §1; platform/db/read-model.ts). A leaf (eslint/walls.js):
 * it imports only the platform, so any feature may read through it.
 */

/** Each person's choices of notices and channels. */
export const notificationPreferences = readModel("notification_preferences", ["user_id", "kind", "channel", "enabled"]);
