/**
 * Law 25 rights: consents, the data export, account deletion and its grace period, retention.
 * Owns: data_exports (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { cancelDeletionBySigningIn, purgeDueAccounts } from "./deletion-service.js";
export { removeExpiredExports } from "./export-service.js";
export { privacyRoutes } from "./privacy-routes.js";
export { personalData } from "./personal-data.js";
