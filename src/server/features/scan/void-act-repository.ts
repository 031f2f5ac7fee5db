import { sql, type Transaction } from "kysely";
import type { StreakState } from "../../../shared/acts/streaks.js";
import type { DB } from "../../platform/db/schema.js";
import { NUMBERED_ACT_COLUMNS, toNumberedAct, type NumberedAct, type NumberedActRow } from "./act-numbering-repository.js";
import { publishedOrganizations } from "../organizations/read-models.js";

// Voiding an act: the row leaves `acts` for `voided_acts`, with its reason,
// and every aggregate that counted it counts one less. What is computed from
// `acts` on demand (dashboards, histories, exports, reconciliation) then no
// longer sees it without a filter anywhere.

/** The act with what its aggregates need, locked; null when no act has this id. */
export async function lockActForVoid(
  trx: Transaction<DB>,
  actId: string,
): Promise<(NumberedAct & { rarity: string; numbered: boolean }) | null> {
  const { rows } = await sql<NumberedActRow & { rarity: string }>`
    select ${NUMBERED_ACT_COLUMNS}, a.rarity, o.type as org_type, o.name as org_name
    from acts a join ${publishedOrganizations.sql} o on o.id = a.organization_id
    where a.id = ${actId}
    for update of a`.execute(trx);
  const row = rows[0];
  return row ? { ...toNumberedAct(row), rarity: row.rarity, numbered: row.act_number !== null } : null;
}

export async function findActUser(trx: Transaction<DB>, actId: string): Promise<{ userId: string | null } | null> {
  const row = await trx.selectFrom("acts").select("user_id").where("id", "=", actId).executeTakeFirst();
  return row ? { userId: row.user_id } : null;
}

export async function isVoided(trx: Transaction<DB>, actId: string): Promise<boolean> {
  return Boolean(await trx.selectFrom("voided_acts").select("id").where("id", "=", actId).executeTakeFirst());
}

/** Moves the act to `voided_acts` with the reason (its number stays taken). */
export async function moveToVoided(trx: Transaction<DB>, actId: string, reason: string, voidedBy: string): Promise<void> {
  await sql`
    with moved as (delete from acts where id = ${actId} returning *)
    insert into voided_acts (id, act_number, user_id, organization_id, location_id, card_series_id, card_number, card_type,
                             scanned_at, scan_day, rarity, latitude, longitude, reason, voided_by)
    select id, act_number, user_id, organization_id, location_id, card_series_id, card_number, card_type,
           scanned_at, scan_day, rarity, latitude, longitude, ${reason}, ${voidedBy}
    from moved`.execute(trx);
  await trx
    .updateTable("act_counter")
    .set((eb) => ({ voided: eb("voided", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}

/**
 * What the act counted for its person, one less: the day's scans (so the
 * daily limit frees a place) and, for the day's last, an active day; totals
 * by rarity and their place in the rank histogram (their board rows are the
 * shared aggregates'; their contest tickets the contests' to take back).
 * Streaks are recounted by the caller from the days left.
 */
export async function uncountForPerson(trx: Transaction<DB>, act: NumberedAct & { rarity: string }): Promise<void> {
  const userId = act.userId!;
  // The day's last act gone: one active day fewer.
  await sql`
    with day as (update user_scan_days set scans = scans - 1 where user_id = ${userId} and day = ${act.scanDay} returning scans)
    update user_stats set active_days = active_days - 1 where user_id = ${userId} and exists (select 1 from day where scans = 0)`.execute(
    trx,
  );
  // The histogram counts acts: the person moves from their total to one less.
  const { rows } = await sql<{ total: number }>`select total_acts as total from user_stats where user_id = ${userId}`.execute(trx);
  const total = rows[0]?.total ?? 0;
  const moves = [sql`(${total}::int, -1)`, ...(total - 1 > 0 ? [sql`(${total - 1}::int, 1)`] : [])];
  await sql`
    insert into act_total_histogram (total_acts, users) values ${sql.join(moves)}
    on conflict (total_acts) do update set users = act_total_histogram.users + excluded.users`.execute(trx);
  await sql`
    update user_stats set total_acts = total_acts - 1, ${sql.ref(act.rarity)} = ${sql.ref(act.rarity)} - 1
    where user_id = ${userId}`.execute(trx);
  // The person's first and last act at the organisation, from the acts left (the voided one has gone to voided_acts).
  await sql`
    update person_organization_counts p
    set first_at = coalesce(left_acts.first_at, p.first_at), last_at = coalesce(left_acts.last_at, p.last_at)
    from (select min(scanned_at) as first_at, max(scanned_at) as last_at from acts
          where user_id = ${userId} and organization_id = ${act.organizationId}) left_acts
    where p.user_id = ${userId} and p.organization_id = ${act.organizationId}`.execute(trx);
}

/** Stores the streaks recounted from the days the person still has acts on. */
export async function setStreaks(trx: Transaction<DB>, userId: string, streak: StreakState): Promise<void> {
  await trx
    .updateTable("user_stats")
    .set({
      current_streak: streak.current,
      longest_streak: streak.longest,
      last_act_day: streak.lastDay,
      streak_freezes: streak.freezes,
      last_frozen_day: streak.frozenThrough,
    })
    .where("user_id", "=", userId)
    .execute();
}
