/**
 * Account recovery: changing or recovering the sign-in email (/api/account/...).
 * Owns: email_recovery_tokens (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { accountRoutes } from "./account-routes.js";
export { personalData } from "./personal-data.js";
