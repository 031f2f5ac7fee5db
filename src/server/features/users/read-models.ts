import { readModel } from "../../platform/db/read-model.js";

/*
 * What other features may read of people: the users feature's published
 * read model (issue 45 §1, "reads through the owner's door"). Another
 * feature joins `people` (a Kysely subquery it aliases, as a table) or
 * `PEOPLE` (the same in a sql`…` text) instead of the users table, so the
 * table's other columns (sign-in times, the purge schedule, onboarding) and
 * its name stay this feature's to change; PostgreSQL folds the subquery
 * into the query, so a read costs what the join on the table cost.
 */
export const PERSON_COLUMNS = [
  "id",
  "username",
  "email",
  "email_verified",
  "image",
  "country",
  "language_preference",
  "is_official",
  "suspended_at",
  "muted_until",
  "show_on_card_journeys",
  "show_on_leaderboards",
  "deletion_requested_at",
  "purged_at",
  "created_at",
] as const;

/** people.from(db) in Kysely, people.sql in a sql`…` text. */
export const people = readModel("users", PERSON_COLUMNS);

/** The roles people hold. */
export const personRoles = readModel("user_roles", ["user_id", "role", "created_at"]);
