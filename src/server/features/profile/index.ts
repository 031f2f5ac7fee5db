/**
 * The person's profile: what they set, and their own numbers (/api/me, /api/me/stats).
 * Owns no table: it reads through other features' doors.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { profileRoutes } from "./profile-routes.js";
