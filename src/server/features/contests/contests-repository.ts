import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { ContestPrizesTable, ContestsTable, DB } from "../../platform/db/schema.js";
import { contestStatusAt } from "./running-contest.js";

export type NewContest = Omit<Insertable<ContestsTable>, "id" | "seed" | "seed_hash">;
export type NewPrize = Omit<Insertable<ContestPrizesTable>, "contest_id" | "position">;

/** The contests not yet ended at `now`, soonest first: the running one (if any), then the next ones; each with its status. */
export function findComingContests(db: Kysely<DB>, now: Date, limit: number) {
  return db
    .selectFrom("contests")
    .selectAll()
    .select(contestStatusAt(null, now).as("status"))
    .where(contestStatusAt(null, now), "<>", "completed")
    .orderBy("starts_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** A contest, with its status at `now`. */
export function findContest(db: Kysely<DB>, contestId: string, now: Date) {
  return db
    .selectFrom("contests")
    .selectAll()
    .select(contestStatusAt(null, now).as("status"))
    .where("id", "=", contestId)
    .executeTakeFirst();
}

/** The contest, locked, with its status at `now`: edits and the draw of one contest take turns. */
export function lockContest(trx: Transaction<DB>, contestId: string, now: Date) {
  return trx
    .selectFrom("contests")
    .selectAll()
    .select(contestStatusAt(null, now).as("status"))
    .where("id", "=", contestId)
    .forUpdate()
    .executeTakeFirst();
}

/** Every contest, latest start first, each with its status at `now`. */
export function listContests(db: Kysely<DB>, now: Date) {
  return db
    .selectFrom("contests")
    .selectAll()
    .select(contestStatusAt(null, now).as("status"))
    .orderBy("starts_at", "desc")
    .orderBy("id")
    .execute();
}

/** Contests that ended by `now`, the latest first. */
export function listEndedContests(db: Kysely<DB>, now: Date, limit: number) {
  return db
    .selectFrom("contests")
    .select(["id", "name", "starts_at", "ends_at", "drawn_at"])
    .where(contestStatusAt(null, now), "=", "completed")
    .orderBy("ends_at", "desc")
    .limit(limit)
    .execute();
}

export function readPrizes(db: Kysely<DB>, contestId: string) {
  return db.selectFrom("contest_prizes").selectAll().where("contest_id", "=", contestId).orderBy("position").execute();
}

export async function readPrizesOf(db: Kysely<DB>, contestIds: string[]) {
  if (contestIds.length === 0) return [];
  return db.selectFrom("contest_prizes").selectAll().where("contest_id", "in", contestIds).orderBy("position").execute();
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

/** Entrants and tickets per contest (the admin list). */
export async function entryTotals(db: Kysely<DB>, contestIds: string[]) {
  if (contestIds.length === 0) return new Map<string, { entrants: number; tickets: number }>();
  const rows = await db
    .selectFrom("contest_entries")
    .select(["contest_id", (eb) => eb.fn.countAll<string>().as("entrants"), (eb) => eb.fn.sum<string>("tickets").as("tickets")])
    .where("contest_id", "in", contestIds)
    .where("tickets", ">", 0)
    .groupBy("contest_id")
    .execute();
  return new Map(rows.map((row) => [row.contest_id, { entrants: Number(row.entrants), tickets: Number(row.tickets ?? 0) }]));
}

/** A fresh secret seed and the hash published from the start (shared/contests/draw.ts). */
export function newSeed(): { seed: string; seed_hash: string } {
  const seed = randomBytes(32).toString("hex");
  return { seed, seed_hash: createHash("sha256").update(seed).digest("hex") };
}

/** A contest and its prizes, listed in the order given; its draw's seed is chosen now. */
export async function insertContest(db: Kysely<DB>, contest: NewContest, prizes: NewPrize[]): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("contests")
    .values({ id, ...contest, ...newSeed() })
    .execute();
  await replacePrizes(db, id, prizes);
  return id;
}

export async function updateContest(trx: Transaction<DB>, contestId: string, changes: Partial<NewContest>): Promise<void> {
  await trx
    .updateTable("contests")
    .set({ ...changes, updated_at: new Date() })
    .where("id", "=", contestId)
    .execute();
}

export async function replacePrizes(db: Kysely<DB>, contestId: string, prizes: NewPrize[]): Promise<void> {
  await db.deleteFrom("contest_prizes").where("contest_id", "=", contestId).execute();
  if (prizes.length === 0) return;
  await db
    .insertInto("contest_prizes")
    .values(prizes.map((prize, index) => ({ ...prize, contest_id: contestId, position: index + 1 })))
    .execute();
}
