/**
 * Roles granted by the official account.
 * Owns no table: it reads through other features' doors.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { roleRoutes } from "./role-routes.js";
