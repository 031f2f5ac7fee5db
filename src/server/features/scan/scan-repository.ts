import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { contestRunningAt } from "../contests/index.js";
import type { Rarity } from "../../../shared/acts/rarity.js";
import type { KindMessage } from "../../../shared/schemas/scans.js";

/** A contest's name in both languages. */
type ContestName = { en: string; fr: string };
import type { StreakState } from "../../../shared/acts/streaks.js";
import type { ActsTable, DB } from "../../platform/db/schema.js";

// The steps of recording an act. They take a Transaction so that only the
// scan service, inside one transaction, can call them. A scan locks only rows
// of its own user (the user first, then their day, totals, board rows and
// tickets); what every scan shares (act numbers, organisation and country
// counts, daily totals, the rank histogram) is the numbering step's job, after
// the commit (act-numbering-repository.ts).

/** Reads; the scan runs them in its transaction, the pre-scan check on its own. */
export async function hasVirtualActToday(trx: Kysely<DB>, userId: string, locationId: string, day: string): Promise<boolean> {
  const row = await trx
    .selectFrom("acts")
    .select("id")
    .where("user_id", "=", userId)
    .where("location_id", "=", locationId)
    .where("scan_day", "=", day)
    .where("card_type", "=", "virtual")
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasCardActAt(trx: Kysely<DB>, userId: string, organizationId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("acts")
    .select("id")
    .where("user_id", "=", userId)
    .where("organization_id", "=", organizationId)
    .where("card_type", "<>", "virtual")
    .executeTakeFirst();
  return row !== undefined;
}

export async function scansOnDay(db: Kysely<DB>, userId: string, day: string): Promise<number> {
  const row = await db.selectFrom("user_scan_days").select("scans").where("user_id", "=", userId).where("day", "=", day).executeTakeFirst();
  return row?.scans ?? 0;
}

/**
 * Locks the user for the rest of the scan (as kysely's example does with
 * `lockUser`): every scan of one user queues here, whatever day it counts in,
 * so two scans either side of midnight cannot both read the same totals. NO KEY
 * UPDATE is the FOR UPDATE that still lets rows referring to the user be written.
 * Its own statement: what the scan reads next is read after the wait.
 */
export async function lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forNoKeyUpdate().executeTakeFirstOrThrow();
}

/** Where and when the person's latest positioned act was recorded (null if none). */
export async function lastPositionedAct(trx: Transaction<DB>, userId: string): Promise<{ lat: number; lon: number; at: Date } | null> {
  const row = await trx
    .selectFrom("acts")
    .select(["latitude", "longitude", "scanned_at"])
    .where("user_id", "=", userId)
    .where("latitude", "is not", null)
    .orderBy("scanned_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row || row.latitude === null || row.longitude === null) return null;
  return { lat: row.latitude, lon: row.longitude, at: new Date(row.scanned_at) };
}

export interface UserTotals {
  totalActs: number;
  platinum: number;
  streak: StreakState;
  country: string | null;
}

export type Duplicate = { type: "virtual"; locationId: string } | { type: "card"; organizationId: string };

/**
 * Under the user's lock, in one statement: counts one more scan today unless
 * the day already holds `dailyLimit` scans (`claimed` false), says whether the code was
 * already used (`duplicate`), and reads the user's totals.
 */
export async function claimScanAndReadTotals(
  trx: Transaction<DB>,
  input: { userId: string; day: string; dailyLimit: number; duplicate: Duplicate },
): Promise<{ claimed: boolean; duplicate: boolean; totals: UserTotals }> {
  const { userId, day, dailyLimit, duplicate } = input;
  const used =
    duplicate.type === "virtual"
      ? sql<boolean>`exists (select 1 from acts where user_id = ${userId} and location_id = ${duplicate.locationId}
                              and scan_day = ${day} and card_type = 'virtual')`
      : sql<boolean>`exists (select 1 from acts where user_id = ${userId} and organization_id = ${duplicate.organizationId}
                              and card_type <> 'virtual')`;
  const result = await sql<{
    country: string | null;
    total_acts: number | null;
    platinum: number | null;
    current_streak: number | null;
    longest_streak: number | null;
    last_act_day: string | null;
    claimed: number | null;
    duplicate: boolean;
  }>`
    with claim as (
      insert into user_scan_days (user_id, day, scans) values (${userId}, ${day}, 1)
      on conflict (user_id, day) do update set scans = user_scan_days.scans + 1
        where user_scan_days.scans < ${dailyLimit}
      returning scans
    )
    select u.country, s.total_acts, s.platinum, s.current_streak, s.longest_streak, s.last_act_day,
           (select scans from claim) as claimed, ${used} as duplicate
    from users u left join user_stats s on s.user_id = u.id
    where u.id = ${userId}
  `.execute(trx);
  const row = result.rows[0]!;
  return {
    claimed: row.claimed !== null,
    duplicate: row.duplicate,
    totals: {
      country: row.country,
      totalActs: row.total_acts ?? 0,
      platinum: row.platinum ?? 0,
      streak: { current: row.current_streak ?? 0, longest: row.longest_streak ?? 0, lastDay: row.last_act_day ?? null },
    },
  };
}

/** Every New York day on which the user recorded an act (today's claim included). */
export async function readScanDays(trx: Transaction<DB>, userId: string): Promise<string[]> {
  const rows = await trx.selectFrom("user_scan_days").select("day").where("user_id", "=", userId).where("scans", ">", 0).execute();
  return rows.map((row) => row.day);
}

/**
 * Everything an act changes for its own user, and the act itself (waiting for
 * its number), in one statement: totals and streaks, the user's leaderboard
 * rows, one ticket in every contest running now, and each achievement the new
 * totals meet that the user lacks (returned), and, when asked, a random kind
 * message in the user's language (virtual codes show one).
 */
export async function insertActWithUserTotals(
  trx: Transaction<DB>,
  input: {
    act: Omit<Insertable<ActsTable>, "act_number" | "queued_seq" | "scanned_at"> & { scanned_at: Date };
    totals: UserTotals;
    periods: string[];
    withKindMessage: boolean;
  },
): Promise<{ newAchievements: string[]; kindMessage: KindMessage | null; ticketsIn: ContestName[] }> {
  const { act, totals, periods, withKindMessage } = input;
  const kindMessage = withKindMessage
    ? sql`(select message from kind_messages
           where is_active order by random() limit 1)`
    : sql`null::json`;
  const rarity = act.rarity as Rarity;
  const rarityCounts = { bronze: 0, silver: 0, gold: 0, platinum: 0, [rarity]: 1 };
  const boardRows = periods.map((period) => sql`('individual', ${period}, ${act.user_id}, 1)`);
  const result = await sql<{ earned: string[] | string; kind_message: KindMessage | string | null; tickets_in: ContestName[] | string }>`
    with totals as (
      insert into user_stats (user_id, total_acts, current_streak, longest_streak, last_act_day, bronze, silver, gold, platinum)
      values (${act.user_id}, ${totals.totalActs}, ${totals.streak.current}, ${totals.streak.longest}, ${totals.streak.lastDay},
              ${rarityCounts.bronze}, ${rarityCounts.silver}, ${rarityCounts.gold}, ${rarityCounts.platinum})
      on conflict (user_id) do update set
        total_acts = excluded.total_acts, current_streak = excluded.current_streak,
        longest_streak = excluded.longest_streak, last_act_day = excluded.last_act_day,
        ${sql.ref(rarity)} = user_stats.${sql.ref(rarity)} + 1
    ), board as (
      insert into leaderboard_counts (scope, period, subject_id, acts) values ${sql.join(boardRows)}
      on conflict (scope, period, subject_id) do update set acts = leaderboard_counts.acts + 1
    ), tickets as (
      insert into contest_entries (contest_id, user_id, tickets)
      select c.id, ${act.user_id}, 1 from contests c where ${contestRunningAt("c", act.scanned_at)}
      on conflict (contest_id, user_id) do update set tickets = contest_entries.tickets + 1, updated_at = now()
      returning contest_id
    ), earned as (
      insert into user_achievements (user_id, achievement_id)
      select ${act.user_id}, id from achievements
      where (criteria_type = 'total_acts' and criteria_value <= ${totals.totalActs})
         or (criteria_type = 'current_streak' and criteria_value <= ${totals.streak.current})
         or (criteria_type = 'longest_streak' and criteria_value <= ${totals.streak.longest})
         or (criteria_type = 'platinum_count' and criteria_value <= ${totals.platinum})
      on conflict (user_id, achievement_id) do nothing
      returning achievement_id
    ), recorded as (
      insert into acts (id, user_id, organization_id, location_id, card_series_id, card_number, card_type, scan_day, rarity,
                        user_pseudo, country, latitude, longitude, client_timestamp, scanned_at)
      values (${act.id}, ${act.user_id}, ${act.organization_id}, ${act.location_id ?? null}, ${act.card_series_id ?? null},
              ${act.card_number ?? null}::integer,
              ${act.card_type}, ${act.scan_day}, ${act.rarity}, ${act.user_pseudo}, ${act.country ?? null},
              ${act.latitude ?? null}::double precision, ${act.longitude ?? null}::double precision,
              ${act.client_timestamp ?? null}::timestamptz, ${act.scanned_at})
    )
    select coalesce((select json_agg(achievement_id) from earned), '[]'::json) as earned, ${kindMessage} as kind_message,
      coalesce((select json_agg(c.name order by c.ends_at)
                from tickets t join contests c on c.id = t.contest_id), '[]'::json) as tickets_in
  `.execute(trx);
  const row = result.rows[0]!;
  return {
    newAchievements: typeof row.earned === "string" ? (JSON.parse(row.earned) as string[]) : row.earned,
    kindMessage: typeof row.kind_message === "string" ? (JSON.parse(row.kind_message) as KindMessage) : row.kind_message,
    ticketsIn: typeof row.tickets_in === "string" ? (JSON.parse(row.tickets_in) as ContestName[]) : row.tickets_in,
  };
}
