/**
 * The public map of places.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { mapRoutes } from "./map-routes.js";
