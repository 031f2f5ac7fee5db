/**
 * Where a portable card has travelled, hand to hand (/api/cards/...).
 * Owns: card_mutes, card_travel_notices, notifications, travel_email_days, pending_travel_news (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { cardJourneyRoutes } from "./card-journeys-routes.js";
export { cardJourneyPort, sendTravelDigests, startTravelDigests } from "./card-journeys-service.js";
export { personalData } from "./personal-data.js";
export { cardJourneyTasks } from "./card-journey-tasks.js";
