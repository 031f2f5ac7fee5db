import { readModel } from "../../platform/db/read-model.js";

/*
 * What other features may read of this feature's tables: its published read
 * models (issue 45 §1; platform/db/read-model.ts). A leaf (eslint/walls.js):
 * it imports only the platform, so any feature may read through it.
 */

/** Thanks sent to a card's previous holders. */
export const publishedThanks = readModel("thanks", [
  "id",
  "act_id",
  "user_id",
  "giver_id",
  "message",
  "show_username",
  "created_at",
  "hidden_at",
  "hidden_by",
  "hidden_reason",
]);
