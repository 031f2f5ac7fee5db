/**
 * Signing up and in, confirming an email, passwords, devices (/api/auth/...), and the official account's creation.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { authLimits } from "./rate-limits.js";
export { authRoutes } from "./auth-routes.js";
export { ensureOfficialAccount, officialEmailToEnsure } from "./official-account.js";
export { personalData } from "./personal-data.js";
export { checkIdentityAccountFree, createAccountForIdentity } from "./identity-accounts.js";
export { resetTokenOwner } from "./reset-token.js";
export { feature } from "./feature.js";
