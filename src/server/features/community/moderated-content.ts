import { sql } from "kysely";
import type { CommunityEvent } from "../../../shared/schemas/community.js";
import type { ModeratedContent } from "../moderation/index.js";
import { publish } from "../../platform/live/publish.js";

/**
 * Chat messages and gallery posts as moderation sees them
 * (moderation/moderated-content.ts): one shape over either table, and the
 * live event that makes open pages drop or show the item again.
 */
function moderatedIn(table: "chat_messages" | "gallery_posts", eventOf: (id: string, hidden: boolean) => CommunityEvent): ModeratedContent {
  return {
    find: async (db, id) => {
      const row = await db
        // reads: chat_messages, gallery_posts
        .selectFrom(table)
        .select(["user_id", sql<boolean>`hidden_at is not null`.as("hidden")])
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? { userId: row.user_id, hidden: row.hidden } : null;
    },
    setHidden: async (trx, eventsChannel, id, hidden) => {
      await trx
        // writes: chat_messages, gallery_posts
        .updateTable(table)
        .set({ hidden_at: hidden ? sql`now()` : null, hidden_by: hidden?.by ?? null, hidden_reason: hidden?.reason ?? null })
        .where("id", "=", id)
        .execute();
      await publish(trx, eventsChannel, eventOf(id, hidden !== null));
    },
    countHiddenSince: async (trx, authorId, since) => {
      const row = await trx
        // reads: chat_messages, gallery_posts
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as("hidden"))
        .where("user_id", "=", authorId)
        .where("hidden_at", ">=", since)
        .executeTakeFirstOrThrow();
      return Number(row.hidden);
    },
  };
}

export const chatModeration = moderatedIn("chat_messages", (id, hidden) => ({ type: "chat", change: hidden ? "removed" : "message", id }));
export const galleryModeration = moderatedIn("gallery_posts", (id, hidden) => ({
  type: "gallery",
  change: hidden ? "removed" : "post",
  id,
}));
