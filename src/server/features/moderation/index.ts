/**
 * Reports, hidden content, posting rights (who may post in the community and thanks).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { moderationRoutes } from "./moderation-routes.js";
export { forgetReportsOn, reportContent } from "./moderation-service.js";
export { assertMayPost } from "./posting-rights.js";
