import type { Transaction } from "kysely";
import type { CommunityEvent } from "../../../shared/schemas/community.js";
import type { DB } from "../../platform/db/schema.js";
import { publish } from "../../platform/live/publish.js";

/** Public content of a person asked to be deleted: hidden at once, and shown again if they cancel. */
const DELETION_HIDE_REASON = "account_deletion";

/**
 * Hides (or shows again) a person's messages and posts while their account
 * waits for its purge, and says so to every process and open page: caches
 * empty, lists refetch. Content moderation hid for its own reasons stays as
 * it is.
 */
export async function hideWhileDeletionPending(
  trx: Transaction<DB>,
  channel: string,
  userId: string,
  hidden: boolean,
  now: Date,
): Promise<void> {
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
