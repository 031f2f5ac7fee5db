import type { Kysely, Transaction } from "kysely";
import type { ProfileUpdateInput } from "../../../shared/schemas/profile.js";
import type { AccountProfile } from "./users-repository.js";
import type { DB } from "../../platform/db/schema.js";
import { isReservedUsername } from "../../../shared/schemas/account-fields.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import { AppError } from "../../kernel/app-error.js";
import type { Role } from "../../../shared/schemas/roles.js";
import * as users from "./users-repository.js";

export type { AccountProfile };
import * as deletion from "./deletion-repository.js";

/*
 * What other features read and change on an account: verbs they call (the
 * door exports these), never a query of the users table of their own.
 */

/** Whether anyone has signed up yet (the demo seeds an empty database only). */
export async function anyAccount(db: Kysely<DB>): Promise<boolean> {
  return users.anyAccount(db);
}

/** Gives an account a role (roles, an approved organization request). */
export async function addRole(db: Kysely<DB>, userId: string, role: Role): Promise<void> {
  return users.addRole(db, userId, role);
}

/** Takes a role back (roles). */
export async function removeRole(db: Kysely<DB>, userId: string, role: Role): Promise<void> {
  return users.removeRole(db, userId, role);
}

/** Removes an account nobody ever confirmed, so its address can sign up again (auth). */
export async function deleteUnprovenAccount(db: Kysely<DB>, userId: string): Promise<void> {
  return users.deleteUnprovenAccount(db, userId);
}

/** Whether another account holds this address (email recovery), read in the change's transaction. */
export async function emailBelongsToOther(trx: Transaction<DB>, email: string, userId: string): Promise<boolean> {
  return users.emailBelongsToOther(trx, email, userId);
}

/** Where and in which language to write to a person: their address, name and language. */
export async function findMailingDetails(db: Kysely<DB>, userId: string) {
  return users.findMailingDetails(db, userId);
}

/** The official account's id, if it exists yet. */
export async function findOfficialUserId(db: Kysely<DB>): Promise<string | null> {
  return users.findOfficialUserId(db);
}

/** A person's profile as the app shows it to them, or null. */
export async function findProfile(db: Kysely<DB>, userId: string): Promise<AccountProfile | null> {
  return users.findProfile(db, userId);
}

/** The account an address signed up with but never confirmed, if any (auth). */
export async function findUnprovenAccount(db: Kysely<DB>, email: string): Promise<string | null> {
  return users.findUnprovenAccount(db, email);
}

/** The account holding an address, if any. */
export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return users.findUserByEmail(db, email);
}

/** The account holding a username (any case), if any. */
export async function findUserIdByUsername(db: Kysely<DB>, username: string): Promise<string | null> {
  return users.findUserIdByUsername(db, username);
}

/** Whether an address is the official account's (configuration, bootstrap). */
export async function isOfficialEmail(db: Kysely<DB>, email: string): Promise<boolean> {
  return users.isOfficialEmail(db, email);
}

/** Whether a person is the official account. */
export async function isOfficialUser(db: Kysely<DB>, userId: string): Promise<boolean> {
  return users.isOfficialUser(db, userId);
}

/** Makes an account the official account (its configured address signed up). */
export async function makeOfficial(trx: Transaction<DB>, userId: string): Promise<void> {
  return users.makeOfficial(trx, userId);
}

/** Notes a sign-in; says whether its person is new here (users-repository.ts says how). */
export async function recordSignIn(db: Kysely<DB>, userId: string): Promise<{ first: boolean }> {
  return users.recordSignIn(db, userId);
}

/** Changes an account's address (email recovery), in the change's transaction. */
export async function setUserEmail(trx: Transaction<DB>, userId: string, email: string, verified: boolean): Promise<void> {
  return users.setUserEmail(trx, userId, email, verified);
}

/** Whether an account exists. */
export async function userExists(db: Kysely<DB>, userId: string): Promise<boolean> {
  return users.userExists(db, userId);
}

/** The one "username taken" answer, on the form's username field. */
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

export async function profileOf(db: Kysely<DB>, userId: string): Promise<AccountProfile> {
  const profile = await users.findProfile(db, userId);
  if (!profile) throw new AppError("not_found");
  return profile;
}

/** Saves what the person changed; a username someone else holds (even by a race) is refused. */
export async function updateProfile(db: Kysely<DB>, userId: string, input: ProfileUpdateInput): Promise<AccountProfile> {
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

// The account's deletion state, which privacy's deletion service drives.

/** Records a deletion request, only once; false when the account is already on its way out. */
export async function markForDeletion(trx: Transaction<DB>, userId: string, now: Date, purgeAfter: Date): Promise<boolean> {
  return deletion.markForDeletion(trx, userId, now, purgeAfter);
}

/** Takes a pending deletion request back (never once purged); false when there was none. */
export async function unmarkForDeletion(trx: Transaction<DB>, userId: string): Promise<boolean> {
  return deletion.unmarkForDeletion(trx, userId);
}

/** When deletion was asked, when the purge comes, whether it came. */
export async function deletionState(db: Kysely<DB>, userId: string) {
  return deletion.deletionState(db, userId);
}

/** Accounts whose purge date has come, oldest first, `limit` at a time. */
export async function accountsDueForPurge(db: Kysely<DB>, now: Date, limit: number): Promise<string[]> {
  return deletion.accountsDueForPurge(db, now, limit);
}

/** The admin panel's list of pending deletions and recent purges. */
export async function listDeletionRequests(db: Kysely<DB>) {
  return deletion.listDeletionRequests(db);
}

/**
 * Locks a person's row until the caller's transaction ends: `"update"` while
 * the caller changes who they are (a team they join, a suspension), `"no key
 * update"` while it adds what belongs to them (an act, a thanks), so two such
 * writes for one person queue instead of racing. Fails when there is no such person.
 */
export async function lockPerson(trx: Transaction<DB>, userId: string, mode: "update" | "no key update") {
  return users.lockUserRow(trx, userId, mode);
}
