import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";

/** The tickets of a contest as they stand, at the draw (under the contest's lock). */
export function readEntries(trx: Transaction<DB>, contestId: string) {
  return trx
    .selectFrom("contest_entries")
    .select(["user_id", "tickets"])
    .where("contest_id", "=", contestId)
    .where("tickets", ">", 0)
    .execute();
}

export async function saveDraw(
  trx: Transaction<DB>,
  contestId: string,
  draw: {
    at: Date;
    digest: string;
    entries: { entrant: string; userId: string; tickets: number }[];
    winners: { drawOrder: number; entrant: string; userId: string; prizePosition: number }[];
  },
): Promise<void> {
  // Inserted in slices: a large contest's list would pass PostgreSQL's parameter limit in one statement.
  for (let i = 0; i < draw.entries.length; i += 5000) {
    await trx
      .insertInto("contest_draw_entries")
      .values(
        draw.entries
          .slice(i, i + 5000)
          .map((entry) => ({ contest_id: contestId, entrant: entry.entrant, user_id: entry.userId, tickets: entry.tickets })),
      )
      .execute();
  }
  if (draw.winners.length > 0) {
    await trx
      .insertInto("contest_winners")
      .values(
        draw.winners.map((winner) => ({
          contest_id: contestId,
          draw_order: winner.drawOrder,
          entrant: winner.entrant,
          user_id: winner.userId,
          prize_position: winner.prizePosition,
        })),
      )
      .execute();
  }
  await trx.updateTable("contests").set({ drawn_at: draw.at, ticket_digest: draw.digest }).where("id", "=", contestId).execute();
}

export function readDrawEntries(db: Kysely<DB>, contestId: string) {
  return db
    .selectFrom("contest_draw_entries")
    .select(["entrant", "tickets", "user_id"])
    .where("contest_id", "=", contestId)
    .orderBy("entrant")
    .execute();
}

export function readWinners(db: Kysely<DB>, contestIds: string[]) {
  if (contestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("contest_winners as w")
    .leftJoin(people.from(db).as("u"), "u.id", "w.user_id")
    .select([
      "w.contest_id",
      "w.draw_order",
      "w.entrant",
      "w.user_id",
      "w.prize_position",
      "w.emailed_at",
      "w.email_failed_at",
      "w.contacted_at",
      "u.username",
      "u.email",
      "u.language_preference",
    ])
    .where("w.contest_id", "in", contestIds)
    .orderBy("w.contest_id")
    .orderBy("w.draw_order")
    .execute();
}

export async function markWinnerMailed(db: Kysely<DB>, contestId: string, drawOrder: number, ok: boolean): Promise<void> {
  await db
    .updateTable("contest_winners")
    .set(ok ? { emailed_at: new Date(), email_failed_at: null } : { email_failed_at: new Date() })
    .where("contest_id", "=", contestId)
    .where("draw_order", "=", drawOrder)
    .execute();
}

export async function markWinnerContacted(db: Kysely<DB>, contestId: string, drawOrder: number, actorId: string, contacted: boolean) {
  const result = await db
    .updateTable("contest_winners")
    .set(contacted ? { contacted_at: new Date(), contacted_by: actorId } : { contacted_at: null, contacted_by: null })
    .where("contest_id", "=", contestId)
    .where("draw_order", "=", drawOrder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
