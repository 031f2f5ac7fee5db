import { sql } from "kysely";
import { relationPort } from "../../platform/db/relation-port.js";

/**
 * The boards of the groups an act's author was in when the act was made (a
 * team's). Another feature keeps the groups and reads the acts' boards (teams
 * do), so the engine cannot import it: that feature gives the engine, at
 * start (bootstrap.ts), the relation of its memberships over time, and the
 * engine counts each act into the groups' boards with the person's, the
 * organisation's and the country's, in the same statement and under the
 * same lock (act-numbering-repository.ts), and checks them the same way
 * (reconcile/aggregate-definitions.ts).
 *
 * An act made at t counts for the memberships with from_at <= t < until_at
 * (null while still in), on the board `scope` of the group `subject_id`.
 */
export interface GroupMembership {
  scope: string;
  subject_id: string;
  user_id: string;
  from_at: Date;
  until_at: Date | null;
}

export const groupMemberships = relationPort<GroupMembership>(
  "The groups' boards",
  ["scope", "subject_id", "user_id", "from_at", "until_at"],
  sql`select null::text as scope, null::text as subject_id, null::text as user_id, null::timestamptz as from_at, null::timestamptz as until_at where false`,
);
