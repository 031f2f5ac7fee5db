import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { DAILY_SCAN_LIMIT } from "../../../shared/constants.js";
import type { Rarity } from "../../../shared/acts/rarity.js";
import type { StreakState } from "../../../shared/acts/streaks.js";
import type { ActsTable, DB, OrganizationType } from "../../db/schema.js";

// Each step of recording an act. They take a Transaction so that only the
// scan service, inside one transaction, can call them. Rows are locked in the
// same order by every scan (user → histogram → leaderboards → day → counter),
// so concurrent scans wait for each other but never deadlock.

/**
 * Counts one more scan today for the user, unless the daily limit is reached
 * (false). The row lock it takes queues the same user's parallel scans.
 */
export async function claimDailyScan(trx: Transaction<DB>, userId: string, day: string): Promise<boolean> {
  const row = await trx
    .insertInto("user_scan_days")
    .values({ user_id: userId, day, scans: 1 })
    .onConflict((c) =>
      c
        .columns(["user_id", "day"])
        .doUpdateSet({ scans: sql`user_scan_days.scans + 1` })
        .where("user_scan_days.scans", "<", DAILY_SCAN_LIMIT),
    )
    .returning("scans")
    .executeTakeFirst();
  return row !== undefined;
}

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

export interface UserTotals {
  totalActs: number;
  platinum: number;
  streak: StreakState;
  country: string | null;
}

export async function scansOnDay(db: Kysely<DB>, userId: string, day: string): Promise<number> {
  const row = await db.selectFrom("user_scan_days").select("scans").where("user_id", "=", userId).where("day", "=", day).executeTakeFirst();
  return row?.scans ?? 0;
}

export async function readUserTotals(trx: Transaction<DB>, userId: string): Promise<UserTotals> {
  const row = await trx
    .selectFrom("users as u")
    .leftJoin("user_stats as s", "s.user_id", "u.id")
    .select(["u.country", "s.total_acts", "s.platinum", "s.current_streak", "s.longest_streak", "s.last_act_day"])
    .where("u.id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    country: row.country,
    totalActs: row.total_acts ?? 0,
    platinum: row.platinum ?? 0,
    streak: { current: row.current_streak ?? 0, longest: row.longest_streak ?? 0, lastDay: row.last_act_day ?? null },
  };
}

export async function saveUserTotals(trx: Transaction<DB>, userId: string, totals: UserTotals, rarity: Rarity): Promise<void> {
  const values = {
    total_acts: totals.totalActs,
    current_streak: totals.streak.current,
    longest_streak: totals.streak.longest,
    last_act_day: totals.streak.lastDay,
  };
  await trx
    .insertInto("user_stats")
    .values({ user_id: userId, ...values, bronze: 0, silver: 0, gold: 0, platinum: 0, [rarity]: 1 })
    .onConflict((c) => c.column("user_id").doUpdateSet({ ...values, [rarity]: sql`user_stats.${sql.ref(rarity)} + 1` }))
    .execute();
}

/** Moves the user from the "N acts" bucket to "N + 1" (ranks are read from these buckets). */
export async function moveInHistogram(trx: Transaction<DB>, previousTotal: number): Promise<void> {
  if (previousTotal > 0) {
    await trx
      .updateTable("act_total_histogram")
      .set({ users: sql`users - 1` })
      .where("total_acts", "=", previousTotal)
      .execute();
  }
  await trx
    .insertInto("act_total_histogram")
    .values({ total_acts: previousTotal + 1, users: 1 })
    .onConflict((c) => c.column("total_acts").doUpdateSet({ users: sql`act_total_histogram.users + 1` }))
    .execute();
}

export function organizationScope(type: OrganizationType): "company" | "organisation" {
  return type === "company" ? "company" : "organisation";
}

/** One more act for each (scope, subject) in each period key. */
export async function countForLeaderboards(
  trx: Transaction<DB>,
  subjects: { scope: string; subjectId: string }[],
  periods: string[],
): Promise<void> {
  const rows = subjects.flatMap(({ scope, subjectId }) => periods.map((period) => ({ scope, period, subject_id: subjectId, acts: 1 })));
  await trx
    .insertInto("leaderboard_counts")
    .values(rows)
    .onConflict((c) => c.columns(["scope", "period", "subject_id"]).doUpdateSet({ acts: sql`leaderboard_counts.acts + 1` }))
    .execute();
}

/** One ticket in every contest running now (DESIGN.md 3). */
export async function addContestTickets(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx
    .insertInto("contest_entries")
    .columns(["contest_id", "user_id", "tickets"])
    .expression((eb) =>
      eb
        .selectFrom("contests")
        .select(["id", sql.lit(userId).as("user_id"), sql.lit(1).as("tickets")])
        .where("starts_at", "<=", sql<Date>`now()`)
        .where("ends_at", ">", sql<Date>`now()`),
    )
    .onConflict((c) =>
      c.columns(["contest_id", "user_id"]).doUpdateSet({ tickets: sql`contest_entries.tickets + 1`, updated_at: sql`now()` }),
    )
    .execute();
}

/** Awards every achievement the new totals meet and the user lacks; returns the new ones. */
export async function awardAchievements(trx: Transaction<DB>, userId: string, totals: UserTotals): Promise<string[]> {
  const rows = await trx
    .insertInto("user_achievements")
    .columns(["user_id", "achievement_id"])
    .expression((eb) =>
      eb
        .selectFrom("achievements")
        .select([sql.lit(userId).as("user_id"), "id"])
        .where((w) =>
          w.or([
            w.and([w("criteria_type", "=", "total_acts"), w("criteria_value", "<=", totals.totalActs)]),
            w.and([w("criteria_type", "=", "current_streak"), w("criteria_value", "<=", totals.streak.current)]),
            w.and([w("criteria_type", "=", "longest_streak"), w("criteria_value", "<=", totals.streak.longest)]),
            w.and([w("criteria_type", "=", "platinum_count"), w("criteria_value", "<=", totals.platinum)]),
          ]),
        ),
    )
    .onConflict((c) => c.columns(["user_id", "achievement_id"]).doNothing())
    .returning("achievement_id")
    .execute();
  return rows.map((row) => row.achievement_id);
}

/**
 * The end of every scan, in one statement: the shared counters (the act's
 * organisation and country on the leaderboards, today's total), the next act
 * number, the act itself and the NOTIFY for other processes.
 *
 * These rows are shared by every scan, so each scan holds their locks until
 * it commits. Taking them all in one round trip, as the very last statement,
 * keeps that window as short as it can be: numbers stay gapless (a rolled-back
 * scan gives its number back) without every scan queueing behind the others'
 * round trips.
 */
export async function finishAct(
  trx: Transaction<DB>,
  input: {
    act: Omit<Insertable<ActsTable>, "act_number" | "scanned_at">;
    sharedCounts: { scope: string; subjectId: string }[];
    periods: string[];
    organizationName: string;
    eventsChannel: string;
  },
): Promise<{ actNumber: number; scannedAt: Date }> {
  const { act, sharedCounts, periods } = input;
  const counts = sharedCounts.flatMap(({ scope, subjectId }) => periods.map((period) => sql`(${scope}, ${period}, ${subjectId}, 1)`));
  const result = await sql<{ act_number: number; scanned_at: Date }>`
    with shared as (
      insert into leaderboard_counts (scope, period, subject_id, acts) values ${sql.join(counts)}
      on conflict (scope, period, subject_id) do update set acts = leaderboard_counts.acts + 1
    ), today as (
      insert into daily_act_counts (day, acts) values (${act.scan_day}, 1)
      on conflict (day) do update set acts = daily_act_counts.acts + 1
    ), numbered as (
      update act_counter set last_number = last_number + 1 where id = 1 returning last_number
    ), recorded as (
      insert into acts (id, act_number, user_id, organization_id, location_id, card_series_id, card_type,
                        scan_day, rarity, user_pseudo, latitude, longitude, client_timestamp)
      select ${act.id}, last_number, ${act.user_id}, ${act.organization_id}, ${act.location_id ?? null}, ${act.card_series_id ?? null},
             ${act.card_type}, ${act.scan_day}, ${act.rarity}, ${act.user_pseudo}, ${act.latitude ?? null}::double precision,
             ${act.longitude ?? null}::double precision, ${act.client_timestamp ?? null}::timestamptz
      from numbered
      returning act_number, scanned_at
    )
    select act_number, scanned_at, pg_notify(${input.eventsChannel}, json_build_object(
      'type', 'act',
      'act', json_build_object('actNumber', act_number, 'scannedAt', scanned_at, 'pseudonym', ${act.user_pseudo}::text,
                               'organizationName', ${input.organizationName}::text)
    )::text)
    from recorded
  `.execute(trx);
  const row = result.rows[0]!;
  return { actNumber: Number(row.act_number), scannedAt: new Date(row.scanned_at) };
}

export async function randomKindMessage(db: Kysely<DB>, language: "en" | "fr"): Promise<string | null> {
  const row = await db
    .selectFrom("kind_messages")
    .select(language === "fr" ? "message_fr as message" : "message_en as message")
    .where("is_active", "=", true)
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst();
  return row?.message ?? null;
}
