/**
 * The contact form.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { contactLimits } from "./rate-limits.js";
export { contactRoutes } from "./contact-routes.js";
export { feature } from "./feature.js";
