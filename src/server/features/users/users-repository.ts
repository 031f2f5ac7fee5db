import { sql, type Kysely, type Transaction } from "kysely";
import type { Language } from "../../../shared/constants.js";
import type { Profile } from "../../../shared/schemas/profile.js";
import type { Role } from "../../../shared/schemas/roles.js";
import type { DB } from "../../platform/db/schema.js";
import { consentsNeeded } from "./consents.js";
import { people } from "./read-models.js";

// The users table and the rows that hang off a user (roles), for every
// feature that reads or changes an account outside better-auth.

/**
 * A person's account as the users feature knows it: the profile without
 * what other features add (whether an organisation's dashboard awaits them
 * is the organizations feature's to say, withOrganizationDashboard).
 */
export type AccountProfile = Omit<Profile, "hasOrganizationDashboard">;

export async function findProfile(db: Kysely<DB>, userId: string): Promise<AccountProfile | null> {
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const [roles, needed] = await Promise.all([
    db.selectFrom("user_roles").select("role").where("user_id", "=", userId).orderBy("role").execute(),
    consentsNeeded(db, userId),
  ]);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    country: user.country,
    languagePreference: user.language_preference,
    onboardingCompleted: user.onboarding_completed,
    isOfficial: user.is_official,
    showOnLeaderboards: user.show_on_leaderboards,
    consentsNeeded: needed,
    roles: roles.map((row) => row.role),
    createdAt: new Date(user.created_at).toISOString(),
  };
}

/**
 * Notes a sign-in and says whether its person is new here: never signed in
 * before, or an account less than a day old (the confirmation link signs a
 * newcomer in, often in the mail app's browser; their first sign-in in their
 * own browser still greets them "Welcome", not "Welcome back"). The previous
 * value is read under the row's lock, so two simultaneous first sign-ins
 * cannot both be "first".
 */
export async function recordSignIn(db: Kysely<DB>, userId: string): Promise<{ first: boolean }> {
  const row = await db
    .with("previous", (db) => db.selectFrom("users").select(["id", "last_sign_in_at", "created_at"]).where("id", "=", userId).forUpdate())
    .updateTable("users")
    .from("previous")
    .set({ last_sign_in_at: sql`now()` })
    .whereRef("users.id", "=", "previous.id")
    .returning(sql<boolean>`previous.last_sign_in_at is null or previous.created_at > now() - interval '1 day'`.as("first"))
    .executeTakeFirst();
  return { first: row?.first ?? false };
}

export async function updateProfile(
  db: Kysely<DB>,
  userId: string,
  changes: {
    username?: string;
    country?: string;
    language_preference?: Language;
    onboarding_completed?: boolean;
    show_on_leaderboards?: boolean;
  },
): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...changes, updated_at: sql`now()` })
    .where("id", "=", userId)
    .execute();
}

/** Usernames compare without case (the unique index is on lower(username)). */
export async function findUserIdByUsername(db: Kysely<DB>, username: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(username)`, "=", username.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Addresses are stored in lower case. */
export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom("users").select(["id", "email_verified"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
}

/**
 * The account on an address nobody has proven yet and that has never been
 * used (never signed in): whoever signs up with the address next replaces it.
 */
export async function findUnprovenAccount(db: Kysely<DB>, email: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .where("email_verified", "=", false)
    .where("last_sign_in_at", "is", null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Removes such an account (the checks again: it may have been confirmed meanwhile). */
export async function deleteUnprovenAccount(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom("users").where("id", "=", userId).where("email_verified", "=", false).where("last_sign_in_at", "is", null).execute();
}

/** Who to write to, and in which language. */
export async function findMailingDetails(db: Kysely<DB>, userId: string) {
  return db.selectFrom("users").select(["email", "username", "language_preference"]).where("id", "=", userId).executeTakeFirst();
}

export async function userExists(db: Kysely<DB>, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst());
}

export async function setUserEmail(trx: Transaction<DB>, userId: string, email: string, verified: boolean): Promise<void> {
  await trx
    .updateTable("users")
    .set({ email, email_verified: verified, updated_at: sql`now()` })
    .where("id", "=", userId)
    .execute();
}

export async function emailBelongsToOther(trx: Transaction<DB>, email: string, userId: string): Promise<boolean> {
  const row = await trx.selectFrom("users").select("id").where("email", "=", email).where("id", "<>", userId).executeTakeFirst();
  return Boolean(row);
}

export async function addRole(db: Kysely<DB>, userId: string, role: Role): Promise<void> {
  await db
    .insertInto("user_roles")
    .values({ user_id: userId, role })
    .onConflict((c) => c.doNothing())
    .execute();
}

export async function removeRole(db: Kysely<DB>, userId: string, role: Role): Promise<void> {
  await db.deleteFrom("user_roles").where("user_id", "=", userId).where("role", "=", role).execute();
}

export async function findOfficialUserId(db: Kysely<DB>): Promise<string | null> {
  const row = await db.selectFrom("users").select("id").where("is_official", "=", true).executeTakeFirst();
  return row?.id ?? null;
}

export async function isOfficialUser(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("is_official").where("id", "=", userId).executeTakeFirst();
  return row?.is_official ?? false;
}

export async function isOfficialEmail(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .where("is_official", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Makes this user the one official account (the flag moves off any other) and an admin. */
export async function makeOfficial(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx
    .updateTable("users")
    .set({ is_official: sql<boolean>`id = ${userId}` })
    .where((eb) => eb.or([eb("is_official", "=", true), eb("id", "=", userId)]))
    .execute();
  await trx
    .insertInto("user_roles")
    .values({ user_id: userId, role: "admin" })
    .onConflict((c) => c.doNothing())
    .execute();
}

/** Suspends the account (or lifts it): it cannot sign in or be seen while suspended. */
export async function setSuspended(trx: Transaction<DB>, userId: string, suspended: boolean): Promise<void> {
  await trx
    .updateTable("users")
    .set({ suspended_at: suspended ? new Date() : null })
    .where("id", "=", userId)
    .execute();
}

/** Keeps the person from posting until then (null: lifts it). */
export async function setMutedUntil(trx: Transaction<DB>, userId: string, until: Date | null): Promise<void> {
  await trx.updateTable("users").set({ muted_until: until }).where("id", "=", userId).execute();
}

/** Whether the person's username shows on the journeys of the cards they passed on. */
export async function setJourneyVisibility(db: Kysely<DB>, userId: string, show: boolean): Promise<void> {
  await db.updateTable("users").set({ show_on_card_journeys: show }).where("id", "=", userId).execute();
}

export async function anyAccount(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}

/** Locks a person's row until the transaction ends (users-service.ts says which lock when); fails when there is none. */
export async function lockUserRow(trx: Transaction<DB>, userId: string, mode: "update" | "no key update") {
  const query = trx.selectFrom("users").select(people.columns).where("id", "=", userId);
  return (mode === "update" ? query.forUpdate() : query.forNoKeyUpdate()).executeTakeFirstOrThrow();
}
