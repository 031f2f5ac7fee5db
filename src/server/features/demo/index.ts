/**
 * The demo data a fresh install shows (organisations, places, cards, a contest, a workplace).
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { demoRoutes } from "./demo-routes.js";
export { demoDataWanted, demoLinks, demoWorkplace, seedDemoData, seedDemoDataIfWanted } from "./demo-seed.js";
export { feature } from "./feature.js";
