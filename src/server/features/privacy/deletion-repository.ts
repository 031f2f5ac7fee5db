import { sql, type Kysely, type Transaction } from "kysely";
import type { CommunityEvent } from "../../../shared/schemas/community.js";
import type { DB } from "../../platform/db/schema.js";
import { endSessions } from "../sessions/index.js";
import { publish } from "../../platform/live/publish.js";

/** Public content of a person asked to be deleted: hidden at once, and shown again if they cancel. */
export const DELETION_HIDE_REASON = "account_deletion";

/**
 * Records the request (only once: a second request keeps the first dates),
 * ends every session, and hides the person's public posts and messages.
 * Returns the purge date, or null when the account is already on its way out.
 */
export async function markForDeletion(
  trx: Transaction<DB>,
  eventsChannel: string,
  userId: string,
  now: Date,
  purgeAfter: Date,
): Promise<Date | null> {
  const marked = await trx
    .updateTable("users")
    .set({ deletion_requested_at: now, purge_after: purgeAfter })
    .where("id", "=", userId)
    .where("deletion_requested_at", "is", null)
    .returning("purge_after")
    .executeTakeFirst();
  if (!marked) return null;
  await endSessions(trx, userId);
  await setContentHidden(trx, eventsChannel, userId, true, now);
  return purgeAfter;
}

/**
 * Hides (or shows again) the person's messages and posts hidden for their
 * deletion, and says so to every process and open page: caches empty, lists
 * refetch. Content moderation hid for its own reasons stays as it is.
 */
async function setContentHidden(trx: Transaction<DB>, channel: string, userId: string, hidden: boolean, now: Date): Promise<void> {
  for (const [table, type, change] of [
    ["chat_messages", "chat", hidden ? "removed" : "message"],
    ["gallery_posts", "gallery", hidden ? "removed" : "post"],
  ] as const) {
    const changed = await trx
      // writes: chat_messages, gallery_posts
      .updateTable(table)
      .set(hidden ? { hidden_at: now, hidden_reason: DELETION_HIDE_REASON } : { hidden_at: null, hidden_reason: null })
      .where("user_id", "=", userId)
      .where((eb) => (hidden ? eb("hidden_at", "is", null) : eb("hidden_reason", "=", DELETION_HIDE_REASON)))
      .returning("id")
      .execute();
    // Pages and caches refetch on an event's type, whatever its id: one event per list that changed.
    if (changed[0]) await publish(trx, channel, { type, change, id: changed[0].id } as CommunityEvent);
  }
}

/** Cancels a pending deletion (the person signed in in time): content hidden for it shows again. */
export async function cancelDeletion(trx: Transaction<DB>, eventsChannel: string, userId: string): Promise<boolean> {
  const cancelled = await trx
    .updateTable("users")
    .set({ deletion_requested_at: null, purge_after: null })
    .where("id", "=", userId)
    .where("deletion_requested_at", "is not", null)
    .where("purged_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!cancelled) return false;
  await setContentHidden(trx, eventsChannel, userId, false, new Date());
  return true;
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

/** Every stored file of the person (gallery photos, data archives), removed from storage after the rows go. */
export async function storedFilesOf(trx: Transaction<DB>, userId: string): Promise<string[]> {
  const posts = await trx.selectFrom("gallery_posts").select(["image_key", "thumb_key"]).where("user_id", "=", userId).execute();
  const archives = await trx.selectFrom("data_exports").select("storage_key").where("user_id", "=", userId).execute();
  return [
    ...posts.flatMap((row) => [row.image_key, row.thumb_key]),
    ...archives.flatMap((row) => (row.storage_key ? [row.storage_key] : [])),
  ];
}

/**
 * Personal data, row by row: what the person wrote, posted, reported, chose
 * and was given. What stays is anonymous: the acts (their positions wiped),
 * the counts they fed, and the account row itself, renamed, so that totals
 * and other people's ranks do not move.
 */
const PERSONAL_ROWS = [
  ["sessions", "user_id"],
  ["accounts", "user_id"],
  ["known_devices", "user_id"],
  ["email_recovery_tokens", "user_id"],
  ["user_roles", "user_id"],
  ["organization_members", "user_id"],
  ["organization_requests", "user_id"],
  ["chat_message_likes", "user_id"],
  ["chat_messages", "user_id"],
  ["gallery_post_likes", "user_id"],
  ["gallery_posts", "user_id"],
  ["thanks", "user_id"],
  ["thanks", "giver_id"],
  ["pending_scans", "claimed_by"],
  ["scan_replays", "user_id"],
  ["content_reports", "reporter_id"],
  ["card_mutes", "user_id"],
  ["notification_preferences", "user_id"],
  ["push_subscriptions", "user_id"],
  ["notifications", "user_id"],
  ["contest_entries", "user_id"],
  ["contest_draw_entries", "user_id"],
  ["contest_winners", "user_id"],
  ["workplace_access", "user_id"],
  ["survey_respondents", "user_id"],
  ["training_completions", "user_id"],
  ["learning_attempts", "user_id"],
  ["quiz_results", "user_id"],
  ["policy_acknowledgments", "user_id"],
  ["certificates", "user_id"],
  ["legal_names", "user_id"],
  ["sst_committee_feedback", "user_id"],
  ["telework_inclusion_actions", "user_id"],
  ["data_exports", "user_id"],
  ["consents", "user_id"],
  ["anomaly_flags", "user_id"],
] as const;

export async function purgePersonalData(trx: Transaction<DB>, userId: string, now: Date): Promise<void> {
  // Likes and reports on the person's own posts and messages go with them.
  await trx
    .deleteFrom("chat_message_likes")
    .where("message_id", "in", trx.selectFrom("chat_messages").select("id").where("user_id", "=", userId))
    .execute();
  await trx
    .deleteFrom("gallery_post_likes")
    .where("post_id", "in", trx.selectFrom("gallery_posts").select("id").where("user_id", "=", userId))
    .execute();
  // writes: sessions, accounts, known_devices, email_recovery_tokens, user_roles, organization_members, organization_requests, chat_message_likes, chat_messages, gallery_post_likes, gallery_posts, thanks, pending_scans, scan_replays, content_reports, card_mutes, notification_preferences, push_subscriptions, notifications, contest_entries, contest_draw_entries, contest_winners, workplace_access, survey_respondents, training_completions, learning_attempts, quiz_results, policy_acknowledgments, certificates, legal_names, sst_committee_feedback, telework_inclusion_actions, data_exports, consents, anomaly_flags
  for (const [table, column] of PERSONAL_ROWS) {
    await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(trx);
  }
  await trx
    .updateTable("acts")
    .set({ latitude: null, longitude: null, client_timestamp: null, place_name: null })
    .where("user_id", "=", userId)
    .execute();
  // Voided acts keep their numbers (the counter counts them), no longer anyone's.
  await trx.updateTable("voided_acts").set({ user_id: null, latitude: null, longitude: null }).where("user_id", "=", userId).execute();
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
