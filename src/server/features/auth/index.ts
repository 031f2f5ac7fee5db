/**
 * Signing up and in, confirming an email, passwords, devices (/api/auth/...), and the official account's creation.
 * Owns: known_devices (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { authRoutes } from "./auth-routes.js";
export { ensureOfficialAccount, officialEmailToEnsure } from "./official-account.js";
export { personalData } from "./personal-data.js";
export { checkIdentityAccountFree, createAccountForIdentity } from "./identity-accounts.js";
export { resetTokenOwner } from "./reset-token.js";
