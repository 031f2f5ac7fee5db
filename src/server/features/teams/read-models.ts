import { readModel } from "../../platform/db/read-model.js";

/*
 * What other features may read of this feature's tables: its published read
 * models (issue 45 §1; platform/db/read-model.ts). A leaf (eslint/walls.js):
 * it imports only the platform, so any feature may read through it.
 */

/** Teams (the password's hash and the invitation version are left out). */
export const publishedTeams = readModel("teams", [
  "id",
  "kind",
  "name",
  "user_id",
  "organization_id",
  "monthly_target",
  "created_at",
  "closed_at",
  "closed_reason",
  "hidden_at",
]);
