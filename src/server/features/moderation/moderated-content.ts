import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";

/**
 * What moderation asks of a kind of content (a chat message, a gallery post,
 * a thanks, a team's name). Each owner implements it on its own table and
 * tells its own open pages; moderation keeps the reports, the record of who
 * hid what and why, and the mute rule, and never writes the content itself.
 * The owners import moderation (reports, posting rights), so app.ts hands
 * their implementations in.
 */
export interface ModeratedContent {
  /** The item's author and whether it is hidden; null when there is no such item. */
  find(db: Kysely<DB> | Transaction<DB>, id: string): Promise<{ userId: string; hidden: boolean } | null>;
  /** Hides the item for everyone (kept, with who and why) or shows it again, and tells the pages that show it. */
  setHidden(trx: Transaction<DB>, eventsChannel: string, id: string, hidden: { by: string; reason: string } | null): Promise<void>;
  /** How many of the author's items of this kind are hidden now, having been hidden since `since`. */
  countHiddenSince(trx: Transaction<DB>, authorId: string, since: Date): Promise<number>;
}
