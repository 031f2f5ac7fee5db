import { readModel } from "../../platform/db/read-model.js";

/*
 * What other features may read of this feature's tables: its published read
 * models (issue 45 §1; platform/db/read-model.ts). A leaf (eslint/walls.js):
 * it imports only the platform, so any feature may read through it.
 */

/** Contests (the seed is left out: it is secret until the draw). */
export const publishedContests = readModel("contests", [
  "id",
  "name",
  "description",
  "starts_at",
  "ends_at",
  "seed_hash",
  "drawn_at",
  "ticket_digest",
  "created_at",
  "updated_at",
]);

/** Each person's tickets in each contest (given with each act, contest-tickets.ts). */
export const contestEntries = readModel("contest_entries", ["contest_id", "user_id", "tickets", "updated_at"]);
