import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "./schema.js";

/** Tables whose rows moderation may hide: each row has its author (`user_id`) and `hidden_at`, `hidden_by`, `hidden_reason`. */
export type HideableTable = "chat_messages" | "gallery_posts" | "teams" | "thanks";

/** What moderation asks of a kind of content (features/moderation/moderated-content.ts names it ModeratedContent). */
export interface HideableRows {
  /** The item's author and whether it is hidden; null when there is no such item. */
  find(db: Kysely<DB> | Transaction<DB>, id: string): Promise<{ userId: string; hidden: boolean } | null>;
  /** Hides the item for everyone (kept, with who and why) or shows it again, and tells the pages that show it. */
  setHidden(trx: Transaction<DB>, eventsChannel: string, id: string, hidden: { by: string; reason: string } | null): Promise<void>;
  /** How many of the author's items of this kind are hidden now, having been hidden since `since`. */
  countHiddenSince(trx: Transaction<DB>, authorId: string, since: Date): Promise<number>;
}

/**
 * The rows of `table` as moderation sees them: who wrote one and whether it is
 * hidden, hiding or showing it again (with who and why), and how many of an
 * author's are hidden since a date. A mechanism, not an owner: the feature
 * that owns the table calls it with the table's name, and the ownership test
 * (features/table-writers.test.ts) counts the call as that feature's write.
 * `tell`: what else a change says, in the same transaction (a live event for
 * pages showing the row).
 */
export function hideableRows(
  table: HideableTable,
  tell: (trx: Transaction<DB>, eventsChannel: string, id: string, hidden: boolean) => Promise<void> = async () => undefined,
): HideableRows {
  return {
    find: async (db, id) => {
      const row = await db
        .selectFrom(table)
        .select(["user_id", sql<boolean>`hidden_at is not null`.as("hidden")])
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? { userId: row.user_id, hidden: row.hidden } : null;
    },
    setHidden: async (trx, eventsChannel, id, hidden) => {
      await trx
        .updateTable(table)
        .set({ hidden_at: hidden ? sql`now()` : null, hidden_by: hidden?.by ?? null, hidden_reason: hidden?.reason ?? null })
        .where("id", "=", id)
        .execute();
      await tell(trx, eventsChannel, id, hidden !== null);
    },
    countHiddenSince: async (trx, authorId, since) => {
      const row = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as("hidden"))
        .where("user_id", "=", authorId)
        .where("hidden_at", ">=", since)
        .executeTakeFirstOrThrow();
      return Number(row.hidden);
    },
  };
}
