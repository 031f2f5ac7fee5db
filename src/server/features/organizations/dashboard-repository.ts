import { sql, type Kysely } from "kysely";
import { KINDLY_TIME_ZONE } from "../../../shared/acts/new-york-time.js";
import type { ActType, DB } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";
import { actorColumns, type ActorFacts } from "./membership-repository.js";

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
      from organization_hour_counts
      where organization_id = ${p.organizationId} and day >= ${p.previousFrom}::date
    ) s`,
);

/**
 * The period's counts by day, by card type and by hour of the week, in one
 * pass over its hourly counts (a few thousand index entries at most).
 */
export async function periodBreakdown(db: Kysely<DB>, organizationId: string, from: string) {
  const result = await sql<{
    by_day: boolean;
    day: string | null;
    card_type: ActType | null;
    weekday: number | null;
    hour: number | null;
    acts: string;
  }>`
    select grouping(day) = 0 as by_day,
           day, card_type, extract(dow from day)::int as weekday, hour, sum(acts) as acts
    from organization_hour_counts
    where organization_id = ${organizationId} and day >= ${from}::date
    group by grouping sets ((day), (card_type), (extract(dow from day), hour, card_type))
  `.execute(db);
  const perDay: { day: string; acts: number }[] = [];
  const byType: { cardType: ActType; acts: number }[] = [];
  const byHourOfWeek = new Map<string, { weekday: number; hour: number; scans: number }>();
  for (const row of result.rows) {
    if (row.by_day) perDay.push({ day: String(row.day), acts: Number(row.acts) });
    else if (row.weekday === null) byType.push({ cardType: row.card_type!, acts: Number(row.acts) });
    // A manual act's hour is not when it happened: it stays out of the busiest hours.
    else if (row.card_type !== "manual") {
      const key = `${row.weekday}:${row.hour}`;
      const cell = byHourOfWeek.get(key) ?? { weekday: Number(row.weekday), hour: Number(row.hour), scans: 0 };
      cell.scans += Number(row.acts);
      byHourOfWeek.set(key, cell);
    }
  }
  return { perDay, byType, byHourOfWeek: [...byHourOfWeek.values()] };
}

/** The period's busiest locations: counts summed per source first, then named. */
export async function topLocations(db: Kysely<DB>, organizationId: string, from: string, limit = 5) {
  const result = await sql<{ id: string; name: string; scans: string }>`
    select l.id, l.name, t.scans
    from (select source_id, sum(acts) as scans from source_day_counts
          where organization_id = ${organizationId} and day >= ${from}::date group by source_id) t
    join business_locations l on l.id = t.source_id
    order by t.scans desc, l.name
    limit ${limit}
  `.execute(db);
  return result.rows.map((row) => ({ id: row.id, name: row.name, scans: Number(row.scans) }));
}

/** The newest acts, before `before` when paging. */
export async function recentActs(db: Kysely<DB>, organizationId: string, before: Date | undefined, limit: number) {
  let query = db
    .selectFrom("acts as a")
    .leftJoin("business_locations as l", "l.id", "a.location_id")
    .select(["a.act_number", "a.scanned_at", "a.user_pseudo", "a.card_type", "l.name as location_name"])
    .where("a.organization_id", "=", organizationId)
    .orderBy("a.scanned_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit + 1);
  if (before) query = query.where("a.scanned_at", "<", before);
  return query.execute();
}

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

const participantFigures = prepared<{ userId: string; organizationId: string; from: string }>()(
  "dashboard_participants",
  (_, p) => sql<ActorFacts & { unique_participants: string; returning_participants: string; acts: string | null }>`
    with period as (
      select user_id, count(*) as n from acts
      where organization_id = ${p.organizationId} and scanned_at >= ${dayStart(p.from)} and user_id is not null
      group by user_id
    )
    select ${actorColumns(p.userId, p.organizationId)},
           count(*) as unique_participants,
           count(*) filter (where exists (
             select 1 from acts b where b.user_id = period.user_id and b.organization_id = ${p.organizationId} and b.scanned_at < ${dayStart(p.from)}
           )) as returning_participants,
           sum(n) as acts
    from period`,
);
