/**
 * The person's profile: what they set, and their own numbers (/api/me, /api/me/stats).
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { profileRoutes } from "./profile-routes.js";
export { feature } from "./feature.js";
