/**
 * The demo data a fresh install shows (organisations, places, cards, a contest, a workplace).
 * Owns no table: it reads through other features' doors.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { demoRoutes } from "./demo-routes.js";
export { demoDataWanted, demoLinks, demoWorkplace, seedDemoData, seedDemoDataIfWanted } from "./demo-seed.js";
