/**
 * The contact form.
 * Owns no table: it reads through other features' doors.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { contactRoutes } from "./contact-routes.js";
