/**
 * Share pages and images of an act.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { shareLimits } from "./rate-limits.js";
export { loadShareImage } from "./share-service.js";
export { registerSharePage, shareRoutes } from "./share-routes.js";
export { feature } from "./feature.js";
