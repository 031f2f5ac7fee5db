/**
 * Where a portable card has travelled, hand to hand (/api/cards/...).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { cardJourneyRoutes } from "./card-journeys-routes.js";
export { announceCardMove, cardStory } from "./card-journeys-service.js";
