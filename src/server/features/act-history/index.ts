/**
 * The person's own acts, a page at a time (/api/me/acts); the web's act-history page.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { actHistoryRoutes } from "./act-history-routes.js";
export { feature } from "./feature.js";
