/**
 * The public map of places.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { mapRoutes } from "./map-routes.js";
export { feature } from "./feature.js";
