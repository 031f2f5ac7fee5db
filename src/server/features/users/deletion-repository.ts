import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";

/*
 * The account's deletion state (users.deletion_requested_at, purge_after,
 * purged_at): privacy's deletion service drives it through the users door.
 */

/** Records the request, only once (a second keeps the first dates); false when already on its way out. */
export async function markForDeletion(trx: Transaction<DB>, userId: string, now: Date, purgeAfter: Date): Promise<boolean> {
  const marked = await trx
    .updateTable("users")
    .set({ deletion_requested_at: now, purge_after: purgeAfter })
    .where("id", "=", userId)
    .where("deletion_requested_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return !!marked;
}

/** Takes a pending request back (not once purged); false when there was none. */
export async function unmarkForDeletion(trx: Transaction<DB>, userId: string): Promise<boolean> {
  const cancelled = await trx
    .updateTable("users")
    .set({ deletion_requested_at: null, purge_after: null })
    .where("id", "=", userId)
    .where("deletion_requested_at", "is not", null)
    .where("purged_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return !!cancelled;
}

export async function deletionState(db: Kysely<DB>, userId: string) {
  return db.selectFrom("users").select(["deletion_requested_at", "purge_after", "purged_at"]).where("id", "=", userId).executeTakeFirst();
}

/** Accounts whose purge date has come, oldest first, a batch at a time. */
export async function accountsDueForPurge(db: Kysely<DB>, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("purge_after", "<=", now)
    .where("purged_at", "is", null)
    .orderBy("purge_after")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The purge's last word on the account row: it stays (acts and others'
 * ranks point at it), renamed, with nothing that says who it was.
 */
export async function anonymiseAccount(trx: Transaction<DB>, userId: string, now: Date): Promise<void> {
  await trx
    .updateTable("users")
    .set({
      username: `deleted${userId
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "")
        .slice(0, 12)}`,
      email: `deleted-${userId}@deleted.invalid`,
      email_verified: false,
      image: null,
      country: null,
      show_on_leaderboards: false,
      show_on_card_journeys: false,
      purged_at: now,
      updated_at: now,
    })
    .where("id", "=", userId)
    .execute();
}

/** The admin panel's list: pending requests and recent purges, soonest purge first. */
export async function listDeletionRequests(db: Kysely<DB>) {
  return db
    .selectFrom("users")
    .select(["id", "username", "email", "deletion_requested_at", "purge_after", "purged_at"])
    .where("deletion_requested_at", "is not", null)
    .orderBy(sql`purged_at is not null`)
    .orderBy("purge_after")
    .limit(500)
    .execute();
}
