import { sql } from "kysely";
import type { ModeratedContent } from "../moderation/index.js";

/**
 * Thanks as moderation sees them (moderation/moderated-content.ts). A thanks
 * is seen by its giver alone, on their profile, which reads it afresh: no
 * open page to tell.
 */
export const thanksModeration: ModeratedContent = {
  find: async (db, id) => {
    const row = await db
      .selectFrom("thanks")
      .select(["user_id", sql<boolean>`hidden_at is not null`.as("hidden")])
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? { userId: row.user_id, hidden: row.hidden } : null;
  },
  setHidden: async (trx, _eventsChannel, id, hidden) => {
    await trx
      .updateTable("thanks")
      .set({ hidden_at: hidden ? sql`now()` : null, hidden_by: hidden?.by ?? null, hidden_reason: hidden?.reason ?? null })
      .where("id", "=", id)
      .execute();
  },
  countHiddenSince: async (trx, authorId, since) => {
    const row = await trx
      .selectFrom("thanks")
      .select((eb) => eb.fn.countAll<string>().as("hidden"))
      .where("user_id", "=", authorId)
      .where("hidden_at", ">=", since)
      .executeTakeFirstOrThrow();
    return Number(row.hidden);
  },
};
