/**
 * The acts engine: scans (and pending scans for strangers), numbering, manual acts, voids, and the
 * aggregates the acts feed, with their check and repair from the acts (`kindly verify`, reconcile/).
 * What it brings and the tables it owns: its declaration, feature.ts.
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
export { groupMemberships, type GroupMembership } from "./group-boards.js";
export { actsAtSources } from "./source-acts.js";
export { feature } from "./feature.js";
