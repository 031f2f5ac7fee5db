/**
 * Share pages and images of an act.
 * Owns no table: it reads through other features' doors.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { loadShareImage } from "./share-service.js";
export { registerSharePage, shareRoutes } from "./share-routes.js";
