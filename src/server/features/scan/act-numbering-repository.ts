import { sql, type Kysely, type Transaction } from "kysely";
import { KINDLY_TIME_ZONE, periodKeys } from "../../../shared/acts/new-york-time.js";
import type { FeedItem } from "../../../shared/schemas/stats.js";
import type { ActType, DB, OrganizationType } from "../../platform/db/schema.js";

// The numbering step (docs/design.md: gapless numbers without a global queue).
//
// Scans commit their acts without a number. This step takes the counter's
// lock once for a whole batch, numbers every committed act still waiting in
// queue order, counts the batch into the aggregates every scan shares, sends
// one NOTIFY, and commits: one lock, one WAL flush and one notification for
// many acts, instead of one of each per scan held until that scan's commit.
// Batches are serialised by the counter lock, across processes too.

/** At most this many acts per batch, so one batch's transaction stays short. */
export const MAX_BATCH = 2000;
/** Acts carried in a batch's NOTIFY: browsers only take it as a cue to refresh the feed. */
export const NOTIFIED_ACTS = 10;
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7500;

export interface NumberedAct {
  id: string;
  actNumber: number;
  /** Null for a manual act, which counts for its organisation only. */
  userId: string | null;
  organizationId: string;
  organizationType: OrganizationType;
  organizationName: string;
  country: string | null;
  scanDay: string;
  scannedAt: Date;
  /** The New York hour of the scan (0–23), for the organisation's busiest hours. */
  hour: number;
  cardType: ActType;
  /** The location (virtual) or card series (cards) scanned. */
  sourceId: string | null;
  pseudonym: string | null;
}

/** Locks the counter (every batch and every range reservation queue here) and reads it. */
export async function lockCounter(trx: Transaction<DB>): Promise<number> {
  const row = await trx.selectFrom("act_counter").select("last_number").where("id", "=", 1).forUpdate().executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** Moves the counter past a reserved range (under `lockCounter`'s lock). */
export async function advanceCounter(trx: Transaction<DB>, lastNumber: number): Promise<void> {
  await trx.updateTable("act_counter").set({ last_number: lastNumber }).where("id", "=", 1).execute();
}

/** An act row as the numbering step and the void read it (`org_type` and `org_name` joined from its organisation). */
export interface NumberedActRow {
  id: string;
  act_number: number;
  user_id: string | null;
  organization_id: string;
  org_type: OrganizationType;
  org_name: string;
  country: string | null;
  scan_day: string;
  scanned_at: Date;
  hour: number;
  card_type: NumberedAct["cardType"];
  source_id: string | null;
  user_pseudo: string | null;
}

/** The columns of `NumberedActRow` read from `acts` (aliased `a`), the organisation's aside. */
export const NUMBERED_ACT_COLUMNS = sql`a.id, a.act_number, a.user_id, a.organization_id, a.country, a.scan_day, a.scanned_at, a.user_pseudo,
                a.card_type, coalesce(a.location_id, a.card_series_id) as source_id,
                extract(hour from a.scanned_at at time zone ${KINDLY_TIME_ZONE})::int as hour`;

export function toNumberedAct(row: NumberedActRow): NumberedAct {
  return {
    id: row.id,
    actNumber: Number(row.act_number),
    userId: row.user_id,
    organizationId: row.organization_id,
    organizationType: row.org_type,
    organizationName: row.org_name,
    country: row.country,
    scanDay: row.scan_day,
    scannedAt: new Date(row.scanned_at),
    hour: Number(row.hour),
    cardType: row.card_type,
    sourceId: row.source_id,
    pseudonym: row.user_pseudo,
  };
}

/**
 * Numbers the acts waiting, from `lastNumber + 1` on, in queue order. Runs as
 * its own statement after `lockCounter`, so that its snapshot is taken once the
 * lock is held and sees every act the previous batch numbered.
 */
export async function numberWaitingActs(trx: Transaction<DB>, lastNumber: number, limit = MAX_BATCH): Promise<NumberedAct[]> {
  const result = await sql<NumberedActRow>`
    with waiting as (
      select id, row_number() over (order by queued_seq) as position
      from acts where act_number is null order by queued_seq limit ${limit}
    ), numbered as (
      update acts a set act_number = ${lastNumber} + w.position from waiting w where a.id = w.id
      returning ${NUMBERED_ACT_COLUMNS}
    )
    select n.*, o.type as org_type, o.name as org_name
    from numbered n join organizations o on o.id = n.organization_id
    order by n.act_number
  `.execute(trx);
  return result.rows.map(toNumberedAct);
}

export function organizationScope(type: OrganizationType): "company" | "organisation" {
  return type === "company" ? "company" : "organisation";
}

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/**
 * Counts numbered acts into the aggregates every scan shares: the counter, the
 * organisation and country leaderboards in each period, the daily totals, the
 * organisations' dashboard counts and the rank histogram. One statement,
 * under the counter's lock.
 *
 * `sign` -1 takes voided acts back out of the same rows (counter and
 * histogram aside: a voided act keeps its number, and the void moves its
 * person in the histogram itself, see anomalies/void-act-repository.ts).
 */
export async function countIntoSharedAggregates(trx: Transaction<DB>, acts: NumberedAct[], sign: 1 | -1 = 1): Promise<void> {
  if (acts.length === 0) return;
  const boards = countBy(
    acts.flatMap((act) => {
      const periods = Object.values(periodKeys(act.scanDay));
      const subjects = [[organizationScope(act.organizationType), act.organizationId], ...(act.country ? [["country", act.country]] : [])];
      return subjects.flatMap(([scope, subject]) => periods.map((period) => JSON.stringify([scope, period, subject])));
    }),
    (key) => key,
  );
  const days = countBy(acts, (act) => act.scanDay);
  const users = countBy(
    acts.filter((act) => act.userId),
    (act) => act.userId!,
  );
  const hours = countBy(acts, (act) => JSON.stringify([act.organizationId, act.scanDay, act.hour, act.cardType]));
  const sourceDays = countBy(
    acts.filter((act) => act.sourceId),
    (act) => JSON.stringify([act.organizationId, act.scanDay, act.sourceId]),
  );
  const sources = countBy(
    acts.filter((act) => act.sourceId),
    (act) => act.sourceId!,
  );
  const boardRows = [...boards].map(([key, n]) => {
    const [scope, period, subject] = JSON.parse(key) as [string, string, string];
    return sql`(${scope}, ${period}, ${subject}, ${sign * n}::int)`;
  });
  const dayRows = [...days].map(([day, n]) => sql`(${day}::date, ${sign * n}::int)`);
  const userRows = [...users].map(([userId, n]) => sql`(${userId}, ${n}::int)`);
  const hourRows = [...hours].map(([key, n]) => {
    const [organizationId, day, hour, cardType] = JSON.parse(key) as [string, string, number, string];
    return sql`(${organizationId}, ${day}::date, ${hour}::smallint, ${cardType}, ${sign * n}::int)`;
  });
  const sourceDayRows = [...sourceDays].map(([key, n]) => {
    const [organizationId, day, sourceId] = JSON.parse(key) as [string, string, string];
    return sql`(${organizationId}, ${day}::date, ${sourceId}, ${sign * n}::int)`;
  });
  const sourceRows = [...sources].map(([sourceId, n]) => sql`(${sourceId}, ${sign * n}::int)`);
  const last = acts[acts.length - 1]!.actNumber;
  // The histogram counts users by numbered acts. A user's numbered total is
  // their total (kept by their scans) minus their acts still waiting, read in
  // one snapshot, which already includes this batch; before it, k fewer.
  // Manual acts belong to no one: a batch of them leaves the histogram alone.
  const histogram =
    userRows.length && sign === 1
      ? sql`
    , batch (user_id, k) as (
      values ${sql.join(userRows)}
    ), totals as (
      select b.user_id, b.k,
             s.total_acts - (select count(*) from acts w where w.user_id = b.user_id and w.act_number is null)::int as after
      from batch b join user_stats s on s.user_id = b.user_id
    ), moves as (
      select total, sum(delta)::int as delta from (
        select after - k as total, -1 as delta from totals where after - k > 0
        union all
        select after, 1 from totals
      ) m group by total
    )
    insert into act_total_histogram (total_acts, users)
    select total, delta from moves where delta <> 0
    on conflict (total_acts) do update set users = act_total_histogram.users + excluded.users`
      : sql` select 1`;
  await sql`
    with counter as (
      update act_counter set last_number = greatest(last_number, ${last}) where id = 1
    ), boards as (
      insert into leaderboard_counts (scope, period, subject_id, acts) values ${sql.join(boardRows)}
      on conflict (scope, period, subject_id) do update set acts = leaderboard_counts.acts + excluded.acts
    ), days as (
      insert into daily_act_counts (day, acts) values ${sql.join(dayRows)}
      on conflict (day) do update set acts = daily_act_counts.acts + excluded.acts
    ), organization_hours as (
      insert into organization_hour_counts (organization_id, day, hour, card_type, acts) values ${sql.join(hourRows)}
      on conflict (organization_id, day, hour, card_type) do update set acts = organization_hour_counts.acts + excluded.acts
    ), source_days as (
      ${
        sourceDayRows.length
          ? sql`insert into source_day_counts (organization_id, day, source_id, acts) values ${sql.join(sourceDayRows)}
      on conflict (organization_id, day, source_id) do update set acts = source_day_counts.acts + excluded.acts`
          : sql`select 1`
      }
    ), source_all as (
      ${
        sourceRows.length
          ? sql`insert into source_totals (source_id, acts) values ${sql.join(sourceRows)}
      on conflict (source_id) do update set acts = source_totals.acts + excluded.acts`
          : sql`select 1`
      }
    )${histogram}
  `.execute(trx);
}

/** One NOTIFY for the batch: how many acts, and the latest few for the live feed. */
export async function notifyNumbered(trx: Transaction<DB>, channel: string, acts: NumberedAct[]): Promise<void> {
  if (acts.length === 0) return;
  // Manual acts count, but the live feed shows people's scans only.
  let latest: FeedItem[] = acts
    .filter((act) => act.pseudonym !== null)
    .slice(-NOTIFIED_ACTS)
    .map((act) => ({
      actNumber: act.actNumber,
      scannedAt: act.scannedAt.toISOString(),
      pseudonym: act.pseudonym!,
      organizationName: act.organizationName,
    }));
  const payload = () => JSON.stringify({ type: "acts", count: acts.length, latest });
  while (Buffer.byteLength(payload()) > MAX_PAYLOAD_BYTES) latest = latest.slice(1);
  await sql`select pg_notify(${channel}, ${payload()})`.execute(trx);
}

/** The numbers of acts another process's batch may have numbered. */
export async function readActNumbers(db: Kysely<DB>, actIds: string[]): Promise<Map<string, number>> {
  if (actIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("acts")
    .select(["id", "act_number"])
    .where("id", "in", actIds)
    .where("act_number", "is not", null)
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.act_number)]));
}

/** Whether any act still waits for its number (start-up and tests). */
export async function countWaitingActs(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("acts")
    .select(db.fn.countAll<number>().as("n"))
    .where("act_number", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
