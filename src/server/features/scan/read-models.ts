import { readModel } from "../../platform/db/read-model.js";

/*
 * What other features may read of acts: the scan feature's published read
 * model (issue 45 §1, "reads through the owner's door"). Another feature
 * joins `publishedActs` (a Kysely subquery it aliases, as a table) or
 * `PUBLISHED_ACTS` (the same in a sql`…` text) instead of the acts table,
 * so what is left out (the order scans were queued in, the device's own
 * clock) stays this feature's to change; PostgreSQL folds the subquery into
 * the query, so a read costs what the join on the table cost.
 *
 * A leaf (eslint/walls.js): it imports only the schema, so features the
 * scan itself imports (organizations, anomalies) may read acts through it.
 */
const ACT_COLUMNS = [
  "id",
  "act_number",
  "country",
  "user_id",
  "organization_id",
  "location_id",
  "card_series_id",
  "card_number",
  "card_type",
  "manual_batch_id",
  "scanned_at",
  "scan_day",
  "rarity",
  "user_pseudo",
  "latitude",
  "longitude",
  "place_name",
] as const;

/** publishedActs.from(db) in Kysely, publishedActs.sql in a sql`…` text. */
export const publishedActs = readModel("acts", ACT_COLUMNS);

/** Each person's totals, rarities and streaks. */
export const personTotals = readModel("user_stats", [
  "user_id",
  "total_acts",
  "current_streak",
  "longest_streak",
  "last_act_day",
  "streak_freezes",
  "last_frozen_day",
  "bronze",
  "silver",
  "gold",
  "platinum",
  "active_days",
]);

/** The boards' counts: per scope, period and subject, with when each last grew. */
export const boardCounts = readModel("leaderboard_counts", ["scope", "period", "subject_id", "acts", "reached_at"]);

/** The act counter: the last number given, and how many acts were voided. */
export const actCounter = readModel("act_counter", ["id", "last_number", "voided"]);

/** Acts per New York day. */
export const dailyActCounts = readModel("daily_act_counts", ["day", "acts"]);

/** How many people have an account. */
export const memberCount = readModel("user_count", ["id", "users"]);

/** Each person's scans per day. */
export const personScanDays = readModel("user_scan_days", ["user_id", "day", "scans"]);

/** How many people have each total (ranks are read from it). */
export const actTotalHistogram = readModel("act_total_histogram", ["total_acts", "users"]);

/** The achievements each person earned. */
export const personAchievements = readModel("user_achievements", ["user_id", "achievement_id", "earned_at"]);

/** Acts the official account voided, with why. */
export const voidedActs = readModel("voided_acts", [
  "id",
  "act_number",
  "user_id",
  "organization_id",
  "location_id",
  "card_series_id",
  "card_number",
  "card_type",
  "scanned_at",
  "scan_day",
  "rarity",
  "latitude",
  "longitude",
  "reason",
  "voided_by",
  "voided_at",
]);

/** Acts the official account recorded by hand, in batches. */
export const manualActBatches = readModel("manual_act_batches", [
  "id",
  "organization_id",
  "act_count",
  "first_number",
  "last_number",
  "description",
  "proof_type",
  "proof_description",
  "performed_on",
  "recorded_by",
  "recorded_at",
]);

/** An organisation's acts per day, hour and kind of code. */
export const organizationHourCounts = readModel("organization_hour_counts", ["organization_id", "day", "hour", "card_type", "acts"]);

/** Acts per place or card series per day. */
export const sourceDayCounts = readModel("source_day_counts", ["organization_id", "day", "source_id", "acts"]);

/** A person's acts at each organisation, and their first and last there (the profile's top organisations, the dashboard's engagement). */
export const personOrganizationCounts = readModel("person_organization_counts", [
  "user_id",
  "organization_id",
  "acts",
  "first_at",
  "last_at",
]);

/** Per organisation and New York day: how many people had their first act there that day, and how many their latest. */
export const organizationParticipantDays = readModel("organization_participant_days", ["organization_id", "day", "newcomers", "last_seen"]);

/** Per organisation: how many statements counted acts into a New York day already over (the dashboard's kept sums follow it). */
export const closedDayChanges = readModel("organization_closed_day_changes", ["organization_id", "changes"]);
