/**
 * Recounting the shared aggregates from the acts themselves (`kindly reconcile`).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { describeReport, reconcileAggregates } from "./reconcile-service.js";
