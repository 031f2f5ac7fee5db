import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Kysely } from "kysely";
import type { ContestPrizesTable, ContestsTable, DB } from "../../db/schema.js";

/** The contest running at `now`, else the next one to start (running-contest.ts states the rule). */
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

/** A contest and its prizes, listed in the order given. */
export async function insertContest(
  db: Kysely<DB>,
  contest: Omit<Insertable<ContestsTable>, "id">,
  prizes: Omit<Insertable<ContestPrizesTable>, "contest_id" | "position">[],
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("contests")
    .values({ id, ...contest })
    .execute();
  if (prizes.length > 0) {
    await db
      .insertInto("contest_prizes")
      .values(prizes.map((prize, index) => ({ ...prize, contest_id: id, position: index + 1 })))
      .execute();
  }
  return id;
}
