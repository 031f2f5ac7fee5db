import { sql, type Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { personTotals } from "../scan/read-models.js";

// The streak reminders' tables: streak_reminders, streak_freeze_notices (they read user_stats, which the scan writes).

export async function findReminder(db: Kysely<DB>, userId: string) {
  return db.selectFrom("streak_reminders").select(["local_hour", "time_zone"]).where("user_id", "=", userId).executeTakeFirst();
}

export async function saveReminder(db: Kysely<DB>, userId: string, hour: number, timeZone: string): Promise<void> {
  await db
    .insertInto("streak_reminders")
    .values({ user_id: userId, local_hour: hour, time_zone: timeZone })
    .onConflict((c) => c.column("user_id").doUpdateSet({ local_hour: hour, time_zone: timeZone }))
    .execute();
}

/** Who a claimed reminder goes to, and the streak it guards. */
export interface ClaimedReminder {
  user_id: string;
  time_zone: string;
  current_streak: number;
  /** Freezes still held once the days missed since the last act are covered. */
  freezes_left: number;
}

/*
 * A streak still to keep today: an act before, none yet today (New York day),
 * and no more days missed since than freezes held (shared/acts/streaks.ts,
 * streakOn). The streak reminder is off unless chosen (NOTIFICATION_DEFAULTS),
 * so only a person who ticked one of its channels is reminded.
 */
const streakToKeep = (today: string) => sql<boolean>`
  s.current_streak >= 1 and s.last_act_day < ${today}::date
  and ${today}::date - s.last_act_day - 1 <= s.streak_freezes
  and exists (select 1 from notification_preferences p where p.user_id = r.user_id and p.kind = 'streakReminder' and p.enabled)`;

const claimedColumns = (today: string) =>
  sql`r.user_id, r.time_zone, s.current_streak, (s.streak_freezes - (${today}::date - s.last_act_day - 1))::int as freezes_left`;

/**
 * Claims the reminders due at `now`, in one statement, so that two servers
 * looking at the same minute never both send one: the person's chosen hour
 * has come in their time zone, and none was sent yet for this New York day
 * nor this local day (a Tokyo evening and the New York day overlap; a local
 * hour repeated when the clocks go back is still one). A snooze pending waits.
 */
export async function claimDueReminders(db: Kysely<DB>, now: Date, today: string): Promise<ClaimedReminder[]> {
  const { rows } = await sql<ClaimedReminder>`
    update streak_reminders r set last_sent_at = ${now}, last_sent_day = ${today}::date, snoozed_until = null
    from ${personTotals.sql} s
    where s.user_id = r.user_id
      and extract(hour from ${now}::timestamptz at time zone r.time_zone) = r.local_hour
      and (r.last_sent_day is null or r.last_sent_day < ${today}::date)
      and (r.last_sent_at is null
           or (r.last_sent_at at time zone r.time_zone)::date < (${now}::timestamptz at time zone r.time_zone)::date)
      and ${streakToKeep(today)}
    returning ${claimedColumns(today)}`.execute(db);
  return rows;
}

/** Claims the snoozed reminders whose hour has passed and that still have a streak to keep; forgets the others' snooze. */
export async function claimSnoozedReminders(db: Kysely<DB>, now: Date, today: string): Promise<ClaimedReminder[]> {
  const { rows } = await sql<ClaimedReminder & { still: boolean }>`
    update streak_reminders r set snoozed_until = null, last_sent_at = ${now}
    from ${personTotals.sql} s
    where s.user_id = r.user_id and r.snoozed_until <= ${now}
    returning ${claimedColumns(today)}, (r.last_sent_day = ${today}::date and ${streakToKeep(today)}) as still`.execute(db);
  return rows.filter((row) => row.still);
}

/** Asks for today's reminder again in an hour: only once one was sent today. */
export async function snoozeReminder(db: Kysely<DB>, userId: string, until: Date, today: string): Promise<boolean> {
  const result = await db
    .updateTable("streak_reminders")
    .set({ snoozed_until: until })
    .where("user_id", "=", userId)
    .where("last_sent_day", "=", today)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Who a freeze notice goes to: the day a freeze covered, the streak it kept, the freezes left. */
export interface ClaimedFreezeNotice {
  user_id: string;
  time_zone: string;
  covered_day: string;
  current_streak: number;
  freezes_left: number;
}

/** The morning hour, in the person's zone, from which a freeze notice may go: not at midnight. */
export const FREEZE_NOTICE_HOUR = 8;

/*
 * Claims, in one statement, the freeze notices due at `now`: a person whose
 * streak reminder is on (its channels are the notice's), whose yesterday had
 * no act and was covered by a freeze they held (as streakOn counts them), once
 * per covered day, from 8 a.m. in their zone. Two servers at the same minute
 * claim each once.
 */
export async function claimFreezeNotices(db: Kysely<DB>, now: Date, today: string): Promise<ClaimedFreezeNotice[]> {
  const { rows } = await sql<ClaimedFreezeNotice>`
    with due as (
      select s.user_id, coalesce(r.time_zone, 'America/New_York') as time_zone, (${today}::date - 1)::text as covered_day,
             s.current_streak, (s.streak_freezes - (${today}::date - s.last_act_day - 1))::int as freezes_left
      from notification_preferences p
      join ${personTotals.sql} s on s.user_id = p.user_id
      left join streak_reminders r on r.user_id = p.user_id
      where p.kind = 'streakReminder' and p.enabled
        and s.current_streak >= 1
        and s.last_act_day < ${today}::date - 1
        and ${today}::date - s.last_act_day - 1 <= s.streak_freezes
        and extract(hour from ${now}::timestamptz at time zone coalesce(r.time_zone, 'America/New_York')) >= ${FREEZE_NOTICE_HOUR}
      group by s.user_id, r.time_zone, s.current_streak, s.streak_freezes, s.last_act_day
    ), claimed as (
      insert into streak_freeze_notices (user_id, covered_day, sent_at)
      select user_id, covered_day::date, ${now} from due
      on conflict do nothing
      returning user_id
    )
    select due.* from due join claimed using (user_id)`.execute(db);
  return rows;
}
