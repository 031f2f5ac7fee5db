/**
 * Suspicious patterns (impossible travel, bursts, copied positions): flagged, mailed in a daily digest, reviewed by the official account.
 * Owns: anomaly_digests, anomaly_flags (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { anomalyRoutes } from "./anomaly-routes.js";
export { flagImpossibleTravel, runAnomalyDigest } from "./anomaly-service.js";
export { personalData } from "./personal-data.js";
