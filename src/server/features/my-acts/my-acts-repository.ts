import { sql, type Kysely, type NotNull } from "kysely";
import type { AchievementView, HistoryAct } from "../../../shared/schemas/stats.js";
import type { DB } from "../../db/schema.js";

export async function readUserStats(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("users as u")
    .leftJoin("user_stats as s", "s.user_id", "u.id")
    .select([
      "u.created_at",
      "s.total_acts",
      "s.current_streak",
      "s.longest_streak",
      "s.last_act_day",
      "s.bronze",
      "s.silver",
      "s.gold",
      "s.platinum",
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
}

/** Users with more acts than `totalActs`, from the per-total histogram. */
export async function countUsersAhead(db: Kysely<DB>, totalActs: number): Promise<number> {
  const row = await db
    .selectFrom("act_total_histogram")
    .select(sql<number>`coalesce(sum(users), 0)`.as("ahead"))
    .where("total_acts", ">", totalActs)
    .executeTakeFirstOrThrow();
  return Number(row.ahead);
}

export async function readAchievements(db: Kysely<DB>, userId: string): Promise<AchievementView[]> {
  const rows = await db
    .selectFrom("achievements as a")
    .leftJoin("user_achievements as ua", (join) => join.onRef("ua.achievement_id", "=", "a.id").on("ua.user_id", "=", userId))
    .select(["a.id", "a.icon", "a.points", "a.criteria_type", "a.criteria_value", "ua.earned_at"])
    .orderBy("a.sort_order")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    icon: row.icon,
    points: row.points,
    criteriaType: row.criteria_type,
    criteriaValue: row.criteria_value,
    earnedAt: row.earned_at ? new Date(row.earned_at).toISOString() : null,
  }));
}

export async function readRecentActNumbers(db: Kysely<DB>, userId: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("acts")
    .select("act_number")
    .where("user_id", "=", userId)
    .where("act_number", "is not", null)
    .$narrowType<{ act_number: NotNull }>()
    .orderBy("act_number", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.act_number);
}

export async function readTopOrganizations(db: Kysely<DB>, userId: string, limit: number) {
  return db
    .selectFrom("acts as a")
    .innerJoin("organizations as o", "o.id", "a.organization_id")
    .select(["o.id", "o.name", sql<number>`count(*)::int`.as("acts")])
    .where("a.user_id", "=", userId)
    .groupBy(["o.id", "o.name"])
    .orderBy("acts", "desc")
    .orderBy("o.name")
    .limit(limit)
    .execute();
}

/** Tickets in the contest running now, if any. */
export async function readActiveContestTickets(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("contest_entries as e")
    .innerJoin("contests as c", "c.id", "e.contest_id")
    .select(sql<number>`coalesce(sum(e.tickets), 0)`.as("tickets"))
    .where("e.user_id", "=", userId)
    .where("c.starts_at", "<=", sql<Date>`now()`)
    .where("c.ends_at", ">", sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.tickets);
}

export async function countActiveDays(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("user_scan_days")
    .select(sql<number>`count(*)`.as("days"))
    .where("user_id", "=", userId)
    .where("scans", ">", 0)
    .executeTakeFirstOrThrow();
  return Number(row.days);
}

export async function readHistoryPage(db: Kysely<DB>, userId: string, before: number | undefined, limit: number): Promise<HistoryAct[]> {
  let query = db
    .selectFrom("acts as a")
    .innerJoin("organizations as o", "o.id", "a.organization_id")
    .select(["a.id", "a.act_number", "o.name", "a.card_type", "a.rarity", "a.scanned_at", "a.scan_day", "a.user_pseudo"])
    .where("a.user_id", "=", userId)
    // An act waits for its number for milliseconds after its commit; it shows once numbered.
    .where("a.act_number", "is not", null)
    .$narrowType<{ act_number: NotNull }>()
    .orderBy("a.act_number", "desc")
    .limit(limit);
  if (before !== undefined) query = query.where("a.act_number", "<", before);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    actNumber: row.act_number,
    organizationName: row.name,
    cardType: row.card_type,
    rarity: row.rarity,
    scannedAt: new Date(row.scanned_at).toISOString(),
    day: row.scan_day,
    pseudonym: row.user_pseudo,
  }));
}
