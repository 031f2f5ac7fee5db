import { sql, type Transaction } from "kysely";
import { KINDLY_TIME_ZONE, periodKeys } from "../../../shared/acts/new-york-time.js";
import type { FeedItem } from "../../../shared/schemas/stats.js";
import type { ActType, DB, OrganizationType } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";
import { publishedOrganizations } from "../organizations/read-models.js";
import { groupMemberships } from "./group-boards.js";

// The numbering step (docs/design.md: gapless numbers without a global queue).
//
// A scan batch's acts are numbered as record_acts inserts them, under the
// counter's lock taken once for the whole batch (act-numbering.ts); this
// step then reads the batch's acts back, counts them into the aggregates
// every scan shares, sends one NOTIFY, and the batch commits: one lock, one
// WAL flush and one notification for many acts. Batches are serialised by
// the counter lock, across processes too.

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
  const { rows } = await counterLock.execute(trx, {});
  return Number(rows[0]!.last_number);
}

const counterLock = prepared()("act_counter_lock", (db) =>
  db.selectFrom("act_counter").select("last_number").where("id", "=", 1).forUpdate(),
);

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

/** Acts numbered after `after` up to `upTo` (those a scan batch just wrote), in number order. */
export async function readNumberedRange(trx: Transaction<DB>, after: number, upTo: number): Promise<NumberedAct[]> {
  if (upTo <= after) return [];
  const { rows } = await numberedRange.execute(trx, { after, upTo });
  return rows.map(toNumberedAct);
}

const numberedRange = prepared<{ after: number; upTo: number }>()(
  "act_numbered_range",
  (_, p) => sql<NumberedActRow>`
    select ${NUMBERED_ACT_COLUMNS}, o.type as org_type, o.name as org_name
    from acts a join ${publishedOrganizations.sql} o on o.id = a.organization_id
    where a.act_number > ${p.after}::bigint and a.act_number <= ${p.upTo}::bigint
    order by a.act_number`,
);

export function organizationScope(type: OrganizationType): "company" | "organisation" {
  return type === "company" ? "company" : "organisation";
}

/** The acts to count, one array per column (a fixed-shape statement, prepared once). */
type AggregateParams = {
  sign: number;
  last: number;
  organizationIds: string[];
  scopes: string[];
  countries: (string | null)[];
  days: string[];
  years: string[];
  months: string[];
  hours: number[];
  cardTypes: string[];
  sourceIds: (string | null)[];
  userIds: (string | null)[];
  scannedAts: Date[];
};

const countActs = prepared<AggregateParams>()(
  "count_into_shared_aggregates",
  (_, p) => sql`
    with batch as (
      select * from unnest(${p.organizationIds}::text[], ${p.scopes}::text[], ${p.countries}::text[], ${p.days}::date[],
                           ${p.years}::text[], ${p.months}::text[], ${p.hours}::smallint[], ${p.cardTypes}::text[],
                           ${p.sourceIds}::text[], ${p.userIds}::text[], ${p.scannedAts}::timestamptz[])
        as b(organization_id, scope, country, day, year, month, hour, card_type, source_id, user_id, scanned_at)
    ), in_period as (
      select b.*, period from batch b cross join lateral (values ('all'), (b.year), (b.month)) as periods(period)
    ), board_rows as (
      select scope, period, organization_id as subject_id, count(*)::int as n, max(scanned_at) as at from in_period group by 1, 2, 3
      union all
      select 'country', period, country, count(*)::int, max(scanned_at) from in_period where country is not null group by 2, 3
      union all
      select 'individual', period, user_id, count(*)::int, max(scanned_at) from in_period where user_id is not null group by 2, 3
      union all
      -- The groups (teams) its author was in when the act was made (group-boards.ts).
      select g.scope, period, g.subject_id, count(*)::int, max(b.scanned_at) from in_period b
      join ${groupMemberships.sql()} g on g.user_id = b.user_id and g.from_at <= b.scanned_at and (g.until_at is null or g.until_at > b.scanned_at)
      group by 1, 2, 3
    ), counter as (
      update act_counter set last_number = greatest(last_number, ${p.last}::bigint) where id = 1
    ), boards as (
      -- A count that grows keeps when (ties go to who got there first); a void leaves that time as it was.
      insert into leaderboard_counts (scope, period, subject_id, acts, reached_at)
      select scope, period, subject_id, ${p.sign}::int * n, at from board_rows
      on conflict (scope, period, subject_id) do update set acts = leaderboard_counts.acts + excluded.acts,
        reached_at = case when ${p.sign}::int > 0 then greatest(leaderboard_counts.reached_at, excluded.reached_at) else leaderboard_counts.reached_at end
    ), days as (
      insert into daily_act_counts (day, acts) select day, ${p.sign}::int * count(*)::int from batch group by day
      on conflict (day) do update set acts = daily_act_counts.acts + excluded.acts
    ), organization_hours as (
      insert into organization_hour_counts (organization_id, day, hour, card_type, acts)
      select organization_id, day, hour, card_type, ${p.sign}::int * count(*)::int from batch group by 1, 2, 3, 4
      on conflict (organization_id, day, hour, card_type) do update set acts = organization_hour_counts.acts + excluded.acts
    ), source_days as (
      insert into source_day_counts (organization_id, day, source_id, acts)
      select organization_id, day, source_id, ${p.sign}::int * count(*)::int from batch where source_id is not null group by 1, 2, 3
      on conflict (organization_id, day, source_id) do update set acts = source_day_counts.acts + excluded.acts
    ), source_all as (
      insert into source_totals (source_id, acts)
      select source_id, ${p.sign}::int * count(*)::int from batch where source_id is not null group by 1
      on conflict (source_id) do update set acts = source_totals.acts + excluded.acts
    ), person_organizations as (
      -- A void leaves the first and last act as they were; the void corrects them from the acts left
      -- (void-act-repository.ts). A row with no act left (all voided) has no first or last to keep.
      insert into person_organization_counts (user_id, organization_id, acts, first_at, last_at)
      select user_id, organization_id, ${p.sign}::int * count(*)::int, min(scanned_at), max(scanned_at) from batch where user_id is not null group by 1, 2
      on conflict (user_id, organization_id) do update set acts = person_organization_counts.acts + excluded.acts,
        first_at = case when ${p.sign}::int < 0 then person_organization_counts.first_at
                        when person_organization_counts.acts <= 0 then excluded.first_at
                        else least(person_organization_counts.first_at, excluded.first_at) end,
        last_at = case when ${p.sign}::int < 0 then person_organization_counts.last_at
                       when person_organization_counts.acts <= 0 then excluded.last_at
                       else greatest(person_organization_counts.last_at, excluded.last_at) end
    ), closed_days as (
      -- Acts counted into a day already over (an offline scan synced late, a void, a manual batch)
      -- change sums the dashboard keeps for such days (organization-figures/period-figures-repository.ts).
      insert into organization_closed_day_changes (organization_id, changes)
      select distinct organization_id, 1 from batch where day < (now() at time zone ${KINDLY_TIME_ZONE})::date
      on conflict (organization_id) do update set changes = organization_closed_day_changes.changes + 1
    ), people as (
      -- The histogram counts users by acts. A user's total (kept by their
      -- scans) already includes this batch; before it, k fewer.
      -- A void (sign -1) moves its person itself (void-act-repository.ts).
      select b.user_id, count(*)::int as k from batch b where b.user_id is not null and ${p.sign}::int = 1 group by 1
    ), totals as (
      select p.user_id, p.k,
             s.total_acts as after
      from people p join user_stats s on s.user_id = p.user_id
    ), moves as (
      select total, sum(delta)::int as delta from (
        select after - k as total, -1 as delta from totals where after - k > 0
        union all
        select after, 1 from totals
      ) m group by total
    )
    insert into act_total_histogram (total_acts, users)
    select total, delta from moves where delta <> 0
    on conflict (total_acts) do update set users = act_total_histogram.users + excluded.users`,
);

/**
 * Counts numbered acts into the aggregates every scan shares: the counter, the
 * person's, their teams', the organisation's and the country's boards in each period, the
 * daily totals, the organisations' dashboard counts, the person's acts per
 * organisation and the rank histogram.
 * One statement of a fixed shape (the acts go in as arrays), under the
 * counter's lock.
 *
 * `sign` -1 takes voided acts back out of the same rows (counter and
 * histogram aside: a voided act keeps its number, and the void moves its
 * person in the histogram itself, see void-act-repository.ts).
 */
export async function countIntoSharedAggregates(trx: Transaction<DB>, acts: NumberedAct[], sign: 1 | -1 = 1): Promise<void> {
  if (acts.length === 0) return;
  const periods = acts.map((act) => periodKeys(act.scanDay));
  await countActs.execute(trx, {
    sign,
    last: acts[acts.length - 1]!.actNumber,
    organizationIds: acts.map((act) => act.organizationId),
    scopes: acts.map((act) => organizationScope(act.organizationType)),
    countries: acts.map((act) => act.country),
    days: acts.map((act) => act.scanDay),
    years: periods.map((period) => period.year),
    months: periods.map((period) => period.month),
    hours: acts.map((act) => act.hour),
    cardTypes: acts.map((act) => act.cardType),
    sourceIds: acts.map((act) => act.sourceId),
    userIds: acts.map((act) => act.userId),
    scannedAts: acts.map((act) => act.scannedAt),
  });
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
  await notify.execute(trx, { channel, payload: payload() });
}

const notify = prepared<{ channel: string; payload: string }>()("act_notify", (_, p) => sql`select pg_notify(${p.channel}, ${p.payload})`);
