/**
 * Reports, hidden content, posting rights (who may post in the community and thanks).
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { moderationLimits } from "./rate-limits.js";
export { moderationRoutes } from "./moderation-routes.js";
export { forgetReportsOn, reportContent } from "./moderation-service.js";
export { assertMayPost } from "./posting-rights.js";
export { personalData } from "./personal-data.js";
export type { ModeratedContent } from "./moderated-content.js";
export type { ModeratedKinds } from "./moderation-service.js";
export { feature } from "./feature.js";
