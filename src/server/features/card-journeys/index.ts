/**
 * Where a portable card has travelled, hand to hand (/api/cards/...).
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { cardJourneyRoutes } from "./card-journeys-routes.js";
export { cardJourneyPort, sendTravelDigests } from "./card-journeys-service.js";
export { personalData } from "./personal-data.js";
export { cardJourneyTasks } from "./card-journey-tasks.js";
export { feature } from "./feature.js";
