/**
 * The acts engine: scans (and pending scans for strangers), numbering, manual acts, voids, and the
 * aggregates the acts feed, with their check and repair from the acts (`kindly verify`, reconcile/).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { createActNumbering, holdActNumbering, type ActNumbering } from "./act-numbering.js";
export { afterActRecorded } from "./after-scan.js";
export { claimPendingScan, pendingScanPlace, purgeStalePendingScans } from "./pending-scan-service.js";
export { boardKeyFor, pseudonymFor } from "./pseudonym.js";
export { scanRoutes } from "./scan-routes.js";
export { purgeOldScanReplays, recordScan } from "./scan-service.js";
export { listManualBatches, recordManualActs } from "./manual-acts-service.js";
export { voidAct } from "./void-act-service.js";
export { describeReport, reconcileAggregates } from "./reconcile/reconcile-service.js";
