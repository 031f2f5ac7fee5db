/**
 * The contact form.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { contactRoutes } from "./contact-routes.js";
