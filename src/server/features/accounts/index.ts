/**
 * Account recovery: changing or recovering the sign-in email (/api/account/...).
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { accountsLimits } from "./rate-limits.js";
export { accountRoutes } from "./account-routes.js";
export { personalData } from "./personal-data.js";
export { feature } from "./feature.js";
