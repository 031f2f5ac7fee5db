/**
 * The acts engine: scans (and pending scans for strangers), numbering, manual acts, voids, and the
 * aggregates the acts feed, with their check and repair from the acts (`kindly verify`, reconcile/).
 * Owns: act_counter, act_total_histogram, acts, contest_entries, daily_act_counts, leaderboard_counts,
 * manual_act_batches, organization_closed_day_changes, organization_hour_counts, organization_participant_days, pending_scans, person_organization_counts, scan_replays,
 * source_day_counts, source_totals,
 * user_achievements, user_count, user_scan_days, user_stats, voided_acts (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { createActNumbering, holdActNumbering, type ActNumbering, type NumberingDeps } from "./act-numbering.js";
export { claimPendingScan, pendingScanPlace } from "./pending-scan-service.js";
export { claimCarriedBy, claimCarriedTo, markCreating } from "./claim-cookie.js";
export { boardKeyFor, pseudonymFor } from "./pseudonym.js";
export { scanRoutes } from "./scan-routes.js";
export { recordScan } from "./scan-service.js";
export { listManualBatches, recordManualActs } from "./manual-acts-service.js";
export { voidAct } from "./void-act-service.js";
export { describeReport, rebuildAggregates, reconcileAggregates } from "./reconcile/reconcile-service.js";
export { personalData } from "./personal-data.js";
export { placeHolderStop, type CardRef } from "./card-stops.js";
export { CARD_MOVED_TASK, type CardJourneyPort, type CardMovedTask } from "./card-journey-port.js";
