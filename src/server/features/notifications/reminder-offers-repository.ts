import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { personTotals } from "../scan/read-models.js";

// The offers' table: reminder_offers (it reads user_stats, which the scan writes).

/** What the offer depends on: the person's streak and last act day, and their earlier answers. */
export async function offerState(db: Kysely<DB>, userId: string) {
  const [totals, answers] = await Promise.all([
    db
      .selectFrom(personTotals.from(db).as("s"))
      .select(["current_streak", "last_act_day"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("reminder_offers")
      .select(["declines", "last_declined_day", "accepted_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
  ]);
  return { totals: totals ?? null, answers: answers ?? null };
}

/** One "not now" a day at most counts: a second tap the same day is the same answer. */
export async function recordDecline(db: Kysely<DB>, userId: string, today: string): Promise<void> {
  await db
    .insertInto("reminder_offers")
    .values({ user_id: userId, declines: 1, last_declined_day: today })
    .onConflict((c) =>
      c
        .column("user_id")
        .doUpdateSet((eb) => ({
          declines: eb("reminder_offers.declines", "+", 1),
          last_declined_day: today,
        }))
        .where((eb) => eb.or([eb("reminder_offers.last_declined_day", "is", null), eb("reminder_offers.last_declined_day", "<", today)])),
    )
    .execute();
}

export async function recordAcceptance(trx: Transaction<DB>, userId: string, at: Date): Promise<void> {
  await trx
    .insertInto("reminder_offers")
    .values({ user_id: userId, accepted_at: at })
    .onConflict((c) => c.column("user_id").doUpdateSet({ accepted_at: at }))
    .execute();
}
