/**
 * Suspicious patterns (impossible travel, bursts, copied positions): flagged, mailed in a daily digest, reviewed by the official account.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { anomalyRoutes } from "./anomaly-routes.js";
export { flagImpossibleTravel, runAnomalyDigest } from "./anomaly-service.js";
export { personalData } from "./personal-data.js";
export { feature } from "./feature.js";
