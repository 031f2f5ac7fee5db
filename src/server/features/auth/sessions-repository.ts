import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

/** The session a cookie's token names, while it has not expired at `now`. */
export async function findLiveSession(db: Kysely<DB>, token: string, now: Date) {
  return db
    .selectFrom("sessions")
    .select(["user_id", "expires_at"])
    .where("token", "=", token)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}
