import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

/** The contest running at `now`, else the next one to start. */
export function findCurrentOrNextContest(db: Kysely<DB>, now: Date) {
  return db.selectFrom("contests").selectAll().where("ends_at", ">", now).orderBy("starts_at").limit(1).executeTakeFirst();
}

export function readPrizes(db: Kysely<DB>, contestId: string) {
  return db.selectFrom("contest_prizes").selectAll().where("contest_id", "=", contestId).orderBy("position").execute();
}

export async function ticketsIn(db: Kysely<DB>, contestId: string, userId: string): Promise<number> {
  const entry = await db
    .selectFrom("contest_entries")
    .select("tickets")
    .where("contest_id", "=", contestId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return entry?.tickets ?? 0;
}

export async function totalTickets(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("contest_entries")
    .select(sql<number>`coalesce(sum(tickets), 0)`.as("tickets"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.tickets);
}
