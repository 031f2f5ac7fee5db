import { sql, type Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";

/**
 * The sessions some cookies' tokens name, each while it has not expired at
 * `now`, in the tokens' order (undefined for none): one statement for the
 * requests of people not remembered yet that arrive together (session-reader.ts).
 */
export async function findLiveSessions(db: Kysely<DB>, tokens: string[], now: Date) {
  const { rows } = await liveSessions.execute(db, { tokens, now });
  const byToken = new Map(rows.map((row) => [row.token, row]));
  return tokens.map((token) => byToken.get(token));
}

/** Every request of someone not remembered yet asks it: a prepared statement. */
const liveSessions = prepared<{ tokens: string[]; now: Date }>()("live_sessions", (db, p) =>
  db
    .selectFrom("sessions")
    .select(["token", "user_id", "expires_at"])
    .where("token", "=", sql<string>`any(${p.tokens}::text[])`)
    .where("expires_at", ">", p.now),
);

/** A person's live sessions, the most recently used first. */
export async function listLiveSessions(db: Kysely<DB>, userId: string, now: Date) {
  return db
    .selectFrom("sessions")
    .select(["id", "token", "user_agent", "country", "created_at", "updated_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .execute();
}

/** Notes the country a new session signed in from. */
export async function setSessionCountry(db: Kysely<DB>, token: string, country: string): Promise<void> {
  await db.updateTable("sessions").set({ country }).where("token", "=", token).execute();
}

/** Ends one of a person's sessions; false when they have none by that id. */
export async function deleteSession(db: Kysely<DB>, userId: string, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "=", sessionId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ends every session of a person, in a transaction or not; the sessions trigger tells every process (migration 0005). */
export async function endSessions(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
