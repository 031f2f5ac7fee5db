/**
 * The official account's admin panel (/api/admin/...): overview, users, organisations, manual acts, voids, system.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { adminRoutes } from "./admin-routes.js";
export { feature } from "./feature.js";
