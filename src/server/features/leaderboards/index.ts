/**
 * The public boards (people, companies, organisations, countries) and the person's place on them.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { leaderboardsRoutes } from "./leaderboards-routes.js";
export { boardCount, topTeams } from "./leaderboards-service.js";
export { feature } from "./feature.js";
