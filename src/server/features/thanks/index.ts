/**
 * Thanking the person who gave a card.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { thanksRoutes } from "./thanks-routes.js";
export { thanksStatus } from "./thanks-service.js";
export { thanksTasks } from "./thanks-tasks.js";
export { personalData } from "./personal-data.js";
export { thanksModeration } from "./moderated-content.js";
export { feature } from "./feature.js";
