import { sql } from "kysely";
import type { ModeratedContent } from "../moderation/index.js";

/**
 * A team's name as moderation sees it (moderation/moderated-content.ts): its
 * author is the team's owner; a hidden name leaves the boards for a neutral
 * one until the owner renames the team. Boards read afresh: no open page to tell.
 */
export const teamModeration: ModeratedContent = {
  find: async (db, id) => {
    const row = await db
      .selectFrom("teams")
      .select(["user_id", sql<boolean>`hidden_at is not null`.as("hidden")])
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? { userId: row.user_id, hidden: row.hidden } : null;
  },
  setHidden: async (trx, _eventsChannel, id, hidden) => {
    await trx
      .updateTable("teams")
      .set({ hidden_at: hidden ? sql`now()` : null, hidden_by: hidden?.by ?? null, hidden_reason: hidden?.reason ?? null })
      .where("id", "=", id)
      .execute();
  },
  countHiddenSince: async (trx, authorId, since) => {
    const row = await trx
      .selectFrom("teams")
      .select((eb) => eb.fn.countAll<string>().as("hidden"))
      .where("user_id", "=", authorId)
      .where("hidden_at", ">=", since)
      .executeTakeFirstOrThrow();
    return Number(row.hidden);
  },
};
