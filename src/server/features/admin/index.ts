/**
 * The official account's admin panel (/api/admin/...): overview, users, organisations, manual acts, voids, system.
 * Owns no table: it reads through other features' doors.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { adminRoutes } from "./admin-routes.js";
