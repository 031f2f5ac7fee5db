import type { Kysely, Transaction } from "kysely";
import type { Profile, ProfileUpdateInput } from "../../../shared/schemas/profile.js";
import type { DB } from "../../platform/db/schema.js";
import { isReservedUsername } from "../../../shared/schemas/account-fields.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import { AppError } from "../../http/app-error.js";
import * as users from "./users-repository.js";

/** The one "username taken" answer, on the form's username field. */
/*
 * The account's reads and writes that other features use (sign-in, roles,
 * organisations, privacy…): they call these and never write the users table
 * themselves.
 */
export {
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
  recordSignIn,
  removeRole,
  setUserEmail,
  userExists,
} from "./users-repository.js";

export const usernameTaken = () => new AppError("username_taken", { field: "username" });

/** A reserved name ("Kindly…") is refused unless it is already the person's own. */
export async function isUsernameReservedFor(db: Kysely<DB>, username: string, ownerId?: string | null): Promise<boolean> {
  if (!isReservedUsername(username)) return false;
  return !ownerId || (await users.findUserIdByUsername(db, username)) !== ownerId;
}

export const usernameReserved = () => new AppError("invalid_input", { field: "username", messageKey: "validation.usernameReserved" });

/**
 * Usernames are unique without case. Free means nobody has it, or `ownerId`
 * already does (renaming yourself to yourself). The unique index settles races.
 */
export async function isUsernameFree(db: Kysely<DB>, username: string, ownerId?: string | null): Promise<boolean> {
  const holder = await users.findUserIdByUsername(db, username);
  return !holder || holder === ownerId;
}

export async function profileOf(db: Kysely<DB>, userId: string): Promise<Profile> {
  const profile = await users.findProfile(db, userId);
  if (!profile) throw new AppError("not_found");
  return profile;
}

/** Saves what the person changed; a username someone else holds (even by a race) is refused. */
export async function updateProfile(db: Kysely<DB>, userId: string, input: ProfileUpdateInput): Promise<Profile> {
  const { username, country, languagePreference, onboardingCompleted, showOnLeaderboards } = input;
  if (username && (await isUsernameReservedFor(db, username, userId))) throw usernameReserved();
  if (username && !(await isUsernameFree(db, username, userId))) throw usernameTaken();
  try {
    await users.updateProfile(db, userId, {
      username,
      country,
      language_preference: languagePreference,
      onboarding_completed: onboardingCompleted,
      show_on_leaderboards: showOnLeaderboards,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  return profileOf(db, userId);
}

// What other features change on an account: verbs they call, never a write of the users table of their own.

/** The official account suspends an account, or lifts the suspension (admin). */
export async function suspendAccount(trx: Transaction<DB>, userId: string, suspended: boolean): Promise<void> {
  await users.setSuspended(trx, userId, suspended);
}

/** Moderation keeps an author from posting until then (null lifts it). */
export async function muteUntil(trx: Transaction<DB>, userId: string, until: Date | null): Promise<void> {
  await users.setMutedUntil(trx, userId, until);
}

/** The person chooses whether their username shows on the journeys of cards they passed on (card-journeys). */
export async function showOnCardJourneys(db: Kysely<DB>, userId: string, show: boolean): Promise<void> {
  await users.setJourneyVisibility(db, userId, show);
}
