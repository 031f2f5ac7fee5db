import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import * as repo from "./sessions-repository.js";

/*
 * What other features do to sessions: list a person's devices, sign one out,
 * end them all (a suspension, a deletion), note a session's country.
 */

/** A person's live sessions, the most recently used first (their devices). */
export async function listLiveSessions(db: Kysely<DB>, userId: string, now: Date) {
  return repo.listLiveSessions(db, userId, now);
}

/** Notes the country a new session signed in from. */
export async function setSessionCountry(db: Kysely<DB>, token: string, country: string): Promise<void> {
  await repo.setSessionCountry(db, token, country);
}

/** Signs one of a person's devices out; false when they have no session by that id. */
export async function deleteSession(db: Kysely<DB>, userId: string, sessionId: string): Promise<boolean> {
  return repo.deleteSession(db, userId, sessionId);
}

/** Signs a person out everywhere, in a transaction or not; every process hears of it (migration 0005's trigger). */
export async function endSessions(db: Kysely<DB>, userId: string): Promise<void> {
  await repo.endSessions(db, userId);
}
