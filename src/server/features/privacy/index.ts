/**
 * Law 25 rights: consents, the data export, account deletion and its grace period, retention.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { cancelDeletionBySigningIn, purgeDueAccounts } from "./deletion-service.js";
export { removeExpiredExports } from "./export-service.js";
export { privacyRoutes } from "./privacy-routes.js";
export { personalData } from "./personal-data.js";
export { feature } from "./feature.js";
