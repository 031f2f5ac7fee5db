/**
 * Accounts' own data (the users table): profiles, usernames, consents, the deletion grace rules.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { consentHistory, recordConsents } from "./consents.js";
export { cancelDeadline, maySignIn } from "./deletion-rules.js";
export {
  isUsernameFree,
  lockPerson,
  isUsernameReservedFor,
  profileOf,
  updateProfile,
  usernameTaken,
  accountsDueForPurge,
  anyAccount,
  deletionState,
  listDeletionRequests,
  markForDeletion,
  unmarkForDeletion,
  addRole,
  deleteUnprovenAccount,
  emailBelongsToOther,
  findMailingDetails,
  findOfficialUserId,
  findProfile,
  findUnprovenAccount,
  findUserByEmail,
  findUserIdByUsername,
  isOfficialEmail,
  isOfficialUser,
  makeOfficial,
  muteUntil,
  recordSignIn,
  removeRole,
  setUserEmail,
  showOnCardJourneys,
  suspendAccount,
  userExists,
} from "./users-service.js";
export { personalData } from "./personal-data.js";
export { usersAuthHooks } from "./auth-writes.js";
export type { AccountProfile } from "./users-service.js";
export { feature } from "./feature.js";
