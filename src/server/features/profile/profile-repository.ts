import { sql, type Kysely } from "kysely";
import type { Profile } from "../../../shared/schemas/profile.js";
import type { Role } from "../../../shared/schemas/roles.js";
import type { DB } from "../../db/schema.js";

export async function findProfile(db: Kysely<DB>, userId: string): Promise<Profile | null> {
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const roles = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).orderBy("role").execute();
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    country: user.country,
    languagePreference: user.language_preference,
    onboardingCompleted: user.onboarding_completed,
    isOfficial: user.is_official,
    roles: roles.map((row) => row.role as Role),
    createdAt: new Date(user.created_at).toISOString(),
  };
}

export async function updateProfile(
  db: Kysely<DB>,
  userId: string,
  changes: { username?: string; country?: string; language_preference?: "en" | "fr"; onboarding_completed?: boolean },
): Promise<void> {
  await db.updateTable("users").set({ ...changes, updated_at: sql`now()` }).where("id", "=", userId).execute();
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

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== "23505") return false;
  return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
}
