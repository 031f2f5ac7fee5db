import { sql, type Kysely } from "kysely";
import { KINDLY_TIME_ZONE } from "../../../shared/acts/new-york-time.js";
import type { DB } from "../../db/schema.js";

// The dashboard's figures, each counted by the database from the
// organisation's acts over New York days (the days every limit counts in).

/** The instant a New York day begins. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${KINDLY_TIME_ZONE}`;

/** Scans in [from, …) and in the period of the same length before it. */
export async function countScans(db: Kysely<DB>, organizationId: string, from: string, previousFrom: string) {
  const result = await sql<{ total: string; previous: string; virtual: string }>`
    select count(*) filter (where scanned_at >= ${dayStart(from)}) as total,
           count(*) filter (where scanned_at < ${dayStart(from)}) as previous,
           count(*) filter (where scanned_at >= ${dayStart(from)} and card_type = 'virtual') as virtual
    from acts
    where organization_id = ${organizationId} and scanned_at >= ${dayStart(previousFrom)}
  `.execute(db);
  const row = result.rows[0]!;
  return { total: Number(row.total), previous: Number(row.previous), virtual: Number(row.virtual) };
}

export async function countActiveLocations(db: Kysely<DB>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("business_locations")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("organization_id", "=", organizationId)
    .where("is_active", "=", true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function scansPerDay(db: Kysely<DB>, organizationId: string, from: string) {
  const result = await sql<{ day: string; scans: string }>`
    select scan_day as day, count(*) as scans from acts
    where organization_id = ${organizationId} and scanned_at >= ${dayStart(from)}
    group by scan_day
  `.execute(db);
  return result.rows.map((row) => ({ day: String(row.day), scans: Number(row.scans) }));
}

export async function topLocations(db: Kysely<DB>, organizationId: string, from: string, limit = 5) {
  const result = await sql<{ id: string; name: string; scans: string }>`
    select l.id, l.name, t.scans from (
      select location_id, count(*) as scans from acts
      where organization_id = ${organizationId} and scanned_at >= ${dayStart(from)} and location_id is not null
      group by location_id order by count(*) desc, location_id limit ${limit}
    ) t join business_locations l on l.id = t.location_id
    order by t.scans desc, l.name
  `.execute(db);
  return result.rows.map((row) => ({ id: row.id, name: row.name, scans: Number(row.scans) }));
}

export async function scansByType(db: Kysely<DB>, organizationId: string, from: string) {
  const result = await sql<{ card_type: "virtual" | "physical" | "portable"; scans: string }>`
    select card_type, count(*) as scans from acts
    where organization_id = ${organizationId} and scanned_at >= ${dayStart(from)}
    group by card_type
  `.execute(db);
  const split = { virtual: 0, physical: 0, portable: 0 };
  for (const row of result.rows) split[row.card_type] = Number(row.scans);
  return split;
}

/** Scans by New York weekday (0 = Sunday) and hour. */
export async function scansByHourOfWeek(db: Kysely<DB>, organizationId: string, from: string) {
  const result = await sql<{ weekday: number; hour: number; scans: string }>`
    select extract(dow from local)::int as weekday, extract(hour from local)::int as hour, count(*) as scans
    from (select scanned_at at time zone ${KINDLY_TIME_ZONE} as local from acts
          where organization_id = ${organizationId} and scanned_at >= ${dayStart(from)}) a
    group by 1, 2 order by 1, 2
  `.execute(db);
  return result.rows.map((row) => ({ weekday: Number(row.weekday), hour: Number(row.hour), scans: Number(row.scans) }));
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
export async function participants(db: Kysely<DB>, organizationId: string, from: string) {
  const result = await sql<{ unique_participants: string; returning_participants: string; acts: string | null }>`
    with period as (
      select user_id, count(*) as n from acts
      where organization_id = ${organizationId} and scanned_at >= ${dayStart(from)}
      group by user_id
    )
    select count(*) as unique_participants,
           count(*) filter (where exists (
             select 1 from acts b where b.user_id = period.user_id and b.organization_id = ${organizationId} and b.scanned_at < ${dayStart(from)}
           )) as returning_participants,
           sum(n) as acts
    from period
  `.execute(db);
  const row = result.rows[0]!;
  return { unique: Number(row.unique_participants), returning: Number(row.returning_participants), acts: Number(row.acts ?? 0) };
}
