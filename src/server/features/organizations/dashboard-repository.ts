import { sql, type Kysely } from "kysely";
import { KINDLY_TIME_ZONE } from "../../../shared/acts/new-york-time.js";
import type { ActType, DB } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";
import { fromJson } from "../../platform/db/json-column.js";
import { actorColumns, type ActorFacts } from "./membership-repository.js";
import { organizationHourCounts, personOrganizationCounts, publishedActs, sourceDayCounts } from "../scan/read-models.js";

// The dashboard's figures, counted by the database over New York days (the
// days every limit counts in): from the aggregates the numbering step keeps
// (organization_hour_counts, source_day_counts, source_totals), so their cost
// does not grow with the acts; and from the acts themselves for the newest
// acts and the participants.

/** The instant a New York day begins. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${KINDLY_TIME_ZONE}`;

/** Scans from day `from` on, and in the period of the same length before it (from the hourly counts). */
/**
 * The summary's figures and who is asking, in one statement (the access
 * check is decided on `facts`, see organization-access.ts): scans in the
 * period and the one before it, by kind, and the active places.
 */
export async function readSummary(db: Kysely<DB>, input: { userId: string; organizationId: string; from: string; previousFrom: string }) {
  const { rows } = await summaryFigures.execute(db, input);
  const row = rows[0]!;
  return {
    facts: row,
    total: Number(row.total ?? 0),
    previous: Number(row.previous ?? 0),
    virtual: Number(row.virtual ?? 0),
    manual: Number(row.manual ?? 0),
    activeLocations: Number(row.active_locations),
  };
}

const summaryFigures = prepared<{ userId: string; organizationId: string; from: string; previousFrom: string }>()(
  "dashboard_summary",
  (_, p) => sql<
    ActorFacts & { total: string | null; previous: string | null; virtual: string | null; manual: string | null; active_locations: string }
  >`
    select ${actorColumns(p.userId, p.organizationId)}, s.*,
           (select count(*) from business_locations where organization_id = ${p.organizationId} and is_active) as active_locations
    from (
      select sum(acts) filter (where day >= ${p.from}::date) as total,
             sum(acts) filter (where day < ${p.from}::date) as previous,
             sum(acts) filter (where day >= ${p.from}::date and card_type = 'virtual') as virtual,
             sum(acts) filter (where day >= ${p.from}::date and card_type = 'manual') as manual
      from ${organizationHourCounts.sql} organization_hour_counts
      where organization_id = ${p.organizationId} and day >= ${p.previousFrom}::date
    ) s`,
);

interface BreakdownRow {
  by_day: boolean;
  day: string | null;
  card_type: ActType | null;
  weekday: number | null;
  hour: number | null;
  acts: number;
}

/**
 * The analytics and who is asking, in one statement: the period's counts by
 * day, by card type and by hour of the week (one pass over its hourly counts,
 * a few thousand index entries at most), and its busiest locations (counts
 * summed per source first, then named).
 */
export async function readAnalytics(db: Kysely<DB>, input: { userId: string; organizationId: string; from: string; limit: number }) {
  const { rows } = await analyticsFigures.execute(db, input);
  const row = rows[0]!;
  const perDay: { day: string; acts: number }[] = [];
  const byType: { cardType: ActType; acts: number }[] = [];
  const byHourOfWeek = new Map<string, { weekday: number; hour: number; scans: number }>();
  for (const cell of fromJson(row.breakdown)) {
    if (cell.by_day) perDay.push({ day: String(cell.day), acts: Number(cell.acts) });
    else if (cell.weekday === null) byType.push({ cardType: cell.card_type!, acts: Number(cell.acts) });
    // A manual act's hour is not when it happened: it stays out of the busiest hours.
    else if (cell.card_type !== "manual") {
      const key = `${cell.weekday}:${cell.hour}`;
      const hourCell = byHourOfWeek.get(key) ?? { weekday: Number(cell.weekday), hour: Number(cell.hour), scans: 0 };
      hourCell.scans += Number(cell.acts);
      byHourOfWeek.set(key, hourCell);
    }
  }
  return {
    facts: row,
    perDay,
    byType,
    byHourOfWeek: [...byHourOfWeek.values()],
    topLocations: fromJson(row.top).map((top) => ({ id: top.id, name: top.name, scans: Number(top.scans) })),
  };
}

const analyticsFigures = prepared<{ userId: string; organizationId: string; from: string; limit: number }>()(
  "dashboard_analytics",
  (_, p) => sql<ActorFacts & { breakdown: BreakdownRow[] | string; top: { id: string; name: string; scans: number }[] | string }>`
    select ${actorColumns(p.userId, p.organizationId)},
      (select coalesce(json_agg(b), '[]'::json) from (
         select grouping(day) = 0 as by_day,
                day, card_type, extract(dow from day)::int as weekday, hour, sum(acts) as acts
         from ${organizationHourCounts.sql} organization_hour_counts
         where organization_id = ${p.organizationId} and day >= ${p.from}::date
         group by grouping sets ((day), (card_type), (extract(dow from day), hour, card_type))) b) as breakdown,
      (select coalesce(json_agg(t order by t.scans desc, t.name), '[]'::json) from (
         select l.id, l.name, t.scans
         from (select source_id, sum(acts) as scans from ${sourceDayCounts.sql} source_day_counts
               where organization_id = ${p.organizationId} and day >= ${p.from}::date group by source_id) t
         join business_locations l on l.id = t.source_id
         order by t.scans desc, l.name
         limit ${p.limit}::int) t) as top`,
);

type RecentActRow = {
  act_number: number | null;
  scanned_at: Date;
  user_pseudo: string | null;
  card_type: ActType;
  location_name: string | null;
};

/** The newest acts (before `before` when paging), and who is asking, in one statement. */
export async function recentActs(db: Kysely<DB>, input: { userId: string; organizationId: string; before?: Date; limit: number }) {
  const params = { userId: input.userId, organizationId: input.organizationId, limit: input.limit + 1, before: input.before ?? null };
  const { rows } = await (input.before ? olderActs : newestActs).execute(db, params);
  return { facts: rows[0]!, acts: rows.filter((row): row is typeof row & RecentActRow => row.scanned_at !== null) };
}

type RecentParams = { userId: string; organizationId: string; limit: number; before: Date | null };
const recentActsOf = (p: RecentParams, older: boolean) => sql<ActorFacts & { [K in keyof RecentActRow]: RecentActRow[K] | null }>`
  select f.*, a.* from (select ${actorColumns(p.userId, p.organizationId)}) f
  left join lateral (
    select a.act_number, a.scanned_at, a.user_pseudo, a.card_type, l.name as location_name
    from ${publishedActs.sql} a left join business_locations l on l.id = a.location_id
    where a.organization_id = ${p.organizationId} ${older ? sql`and a.scanned_at < ${p.before}` : sql``}
    order by a.scanned_at desc, a.id desc
    limit ${p.limit}::int
  ) a on true`;
const newestActs = prepared<RecentParams>()("dashboard_newest_acts", (_, p) => recentActsOf(p, false));
const olderActs = prepared<RecentParams>()("dashboard_older_acts", (_, p) => recentActsOf(p, true));

/** Participants of the period, those who had scanned here before it, and their acts. */
export async function participants(db: Kysely<DB>, input: { userId: string; organizationId: string; from: string }) {
  const { rows } = await participantFigures.execute(db, input);
  const row = rows[0]!;
  return {
    facts: row,
    unique: Number(row.unique_participants),
    returning: Number(row.returning_participants),
    acts: Number(row.acts ?? 0),
  };
}

/*
 * From the people's per-organisation rows (kept by the numbering step), not
 * from the acts: a participant of the period is someone whose last act here
 * falls in it, a returning one also had a first act before it; their acts in
 * the period are the organisation's counts per day, manual acts (no person)
 * left out. Cost: the period's participants, never the organisation's history.
 */
const participantFigures = prepared<{ userId: string; organizationId: string; from: string }>()(
  "dashboard_participants",
  (_, p) => sql<ActorFacts & { unique_participants: string; returning_participants: string; acts: string | null }>`
    select ${actorColumns(p.userId, p.organizationId)},
           (select count(*) from ${personOrganizationCounts.sql} c
            where c.organization_id = ${p.organizationId} and c.last_at >= ${dayStart(p.from)} and c.acts > 0) as unique_participants,
           (select count(*) from ${personOrganizationCounts.sql} c
            where c.organization_id = ${p.organizationId} and c.last_at >= ${dayStart(p.from)} and c.acts > 0
              and c.first_at < ${dayStart(p.from)}) as returning_participants,
           (select sum(h.acts) from ${organizationHourCounts.sql} h
            where h.organization_id = ${p.organizationId} and h.day >= ${p.from}::date and h.card_type <> 'manual') as acts`,
);
