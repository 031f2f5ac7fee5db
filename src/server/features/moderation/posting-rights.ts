import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { people } from "../users/read-models.js";

/**
 * A muted account may read but not post (moderation-service.ts mutes the
 * author of three hidden items within 30 days for 7 days). The date is said in
 * the answer, so the person knows when they can post again.
 */
export async function assertMayPost(db: Kysely<DB> | Transaction<DB>, userId: string, now = new Date()): Promise<void> {
  const row = await db.selectFrom(people.from(db).as("person")).select("muted_until").where("id", "=", userId).executeTakeFirst();
  const until = row?.muted_until ? new Date(row.muted_until) : null;
  if (until && until > now) {
    throw new AppError("muted", { vars: { until: until.toISOString().slice(0, 10) }, details: { mutedUntil: until.toISOString() } });
  }
}
