/**
 * The home page: public counters, the live feed, the signed-in person's own summary.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { homeRoutes } from "./home-routes.js";
export { MOVEMENT_START_SETTING } from "./home-service.js";
export { feature } from "./feature.js";
