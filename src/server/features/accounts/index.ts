/**
 * Account recovery: changing or recovering the sign-in email (/api/account/...).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { accountRoutes } from "./account-routes.js";
