import { sql, type Kysely } from "kysely";
import type { ActType, DB, KeptPeriodFigures } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";
import { fromJson } from "../../platform/db/json-column.js";
import { isDiskFull } from "../../platform/db/errors.js";
import { actorColumns, type ActorFacts } from "../organizations/index.js";
import { publishedPlaces } from "../organizations/read-models.js";
import { closedDayChanges, organizationHourCounts, organizationParticipantDays, sourceDayCounts } from "../scan/read-models.js";

/*
 * The dashboard's figures over a period (summary, analytics, engagement), at
 * a cost that does not grow with the organisation's history (issue 62).
 *
 * A period's days up to `through` (the day before yesterday) are over: their
 * sums are kept (organization_period_figures, migration 0050), made once a
 * day per organisation and period, and made again only when acts were counted
 * into a day already over (organization_closed_day_changes, kept by the
 * numbering step). Yesterday and today are added from the hourly and
 * per-place counts at each request: a few hundred rows at most. Two days, not
 * one, so a server whose clock is a little ahead of the database's never
 * keeps a day the database still counts as today.
 */

export type PeriodDays = {
  /** The period's first day. */
  from: string;
  /** The last day of the kept sums. */
  through: string;
  /** The period's last day. */
  today: string;
  /** The first day of the period of the same length before. */
  previousFrom: string;
};

type LiveHour = { day: string; weekday: number; hour: number; card_type: ActType; acts: number };

export interface PeriodRead {
  facts: ActorFacts;
  /** The kept sums, or null when they are missing or out of date (`keepPeriodFigures` makes them). */
  kept: KeptPeriodFigures | null;
  liveHours: LiveHour[];
  livePlaces: { source_id: string; acts: number }[];
  activeLocations: number;
  /** Participants whose latest act here is in the period, and those whose first one is. */
  participants: { unique: number; newcomers: number };
}

type PeriodParams = { userId: string; organizationId: string; days: number } & PeriodDays;

/**
 * Who is asking, the kept sums if still good, the live days' counts, the
 * active places and the participants: one statement. `detail` (the
 * analytics): every day, hour and place; otherwise (summary, engagement) the
 * totals by kind of act only, the live ones summed by the database — the
 * kept days, hours and places are most of a kept row, and decoding them
 * cost those reads more than the rest of their work.
 */
export async function readPeriod(db: Kysely<DB>, params: PeriodParams, detail: boolean): Promise<PeriodRead> {
  const { rows } = await (detail ? periodDetail : periodTotals).execute(db, params);
  const row = rows[0]!;
  return {
    facts: row,
    kept: row.kept === null ? null : fromJson(row.kept),
    liveHours: fromJson(row.live_hours).map((h) => ({ ...h, acts: Number(h.acts) })),
    livePlaces: fromJson(row.live_places).map((p) => ({ source_id: p.source_id, acts: Number(p.acts) })),
    activeLocations: Number(row.active_locations),
    participants: { unique: Number(row.unique_participants ?? 0), newcomers: Number(row.newcomers ?? 0) },
  };
}

/** The organisation's closed-day changes, 0 before the first. */
const changesOf = (organizationId: unknown) =>
  sql`coalesce((select c.changes from ${closedDayChanges.sql} c where c.organization_id = ${organizationId}), 0)`;

const periodStatement = (p: PeriodParams, detail: boolean) =>
  sql<
    ActorFacts & {
      kept: KeptPeriodFigures | string | null;
      live_hours: LiveHour[] | string;
      live_places: { source_id: string; acts: number }[] | string;
      active_locations: string;
      unique_participants: string | null;
      newcomers: string | null;
    }
  >`
    select ${actorColumns(p.userId, p.organizationId)},
      (select ${detail ? sql`f.figures` : sql`jsonb_build_object('byType', f.figures->'byType', 'previous', f.figures->'previous', 'perDay', '{}'::jsonb, 'hours', '{}'::jsonb, 'places', '{}'::jsonb)`}
       from organization_period_figures f
       where f.organization_id = ${p.organizationId} and f.days = ${p.days}::smallint and f.through = ${p.through}::date
         and f.changes = ${changesOf(p.organizationId)}) as kept,
      (select coalesce(json_agg(h), '[]'::json) from (
         ${
           detail
             ? sql`select day, extract(dow from day)::int as weekday, hour, card_type, acts`
             : sql`select ${p.today}::date as day, 0 as weekday, 0 as hour, card_type, sum(acts) as acts`
         }
         from ${organizationHourCounts.sql} h
         where organization_id = ${p.organizationId} and day > ${p.through}::date and day <= ${p.today}::date
         ${detail ? sql`` : sql`group by card_type`}) h) as live_hours,
      ${
        detail
          ? sql`(select coalesce(json_agg(s), '[]'::json) from (
         select s.source_id, sum(s.acts) as acts from ${sourceDayCounts.sql} s
         where s.organization_id = ${p.organizationId} and s.day > ${p.through}::date and s.day <= ${p.today}::date
           and exists (select 1 from ${publishedPlaces.sql} l where l.id = s.source_id)
         group by 1) s)`
          : sql`'[]'::json`
      } as live_places,
      (select count(*) from ${publishedPlaces.sql} l where organization_id = ${p.organizationId} and is_active) as active_locations,
      d.*
    from (select sum(last_seen) as unique_participants, sum(newcomers) as newcomers
          from ${organizationParticipantDays.sql} d
          where d.organization_id = ${p.organizationId} and d.day >= ${p.from}::date) d`;
const periodTotals = prepared<PeriodParams>()("dashboard_period_totals", (_, p) => periodStatement(p, false));
const periodDetail = prepared<PeriodParams>()("dashboard_period_detail", (_, p) => periodStatement(p, true));

/**
 * Sums the period's days up to `through` and keeps them with the closed-day
 * changes read in the same statement (so they agree); a newer keeping is
 * never replaced by an older one. Returns what it summed.
 */
export async function keepPeriodFigures(db: Kysely<DB>, params: { organizationId: string; days: number } & PeriodDays) {
  try {
    const { rows } = await keepPeriod.execute(db, params);
    return fromJson(rows[0]!.figures);
  } catch (error) {
    // A full disk refuses the keeping, never the read: summed without keeping, and kept by a later read.
    if (!isDiskFull(error)) throw error;
    const { rows } = await sumPeriod.execute(db, params);
    return fromJson(rows[0]!.figures);
  }
}

type KeepParams = { organizationId: string; days: number } & PeriodDays;

/** The period's figures summed from the kept counts, and kept (`keep`) for the next reads. */
const periodSums = (p: KeepParams, keep: boolean) => sql<{ figures: KeptPeriodFigures | string }>`
    with hours as (
      select day, hour, card_type, acts from ${organizationHourCounts.sql} h
      where organization_id = ${p.organizationId} and day >= ${p.previousFrom}::date and day <= ${p.through}::date
    ), summed as (
      select jsonb_build_object(
        'perDay', (select coalesce(jsonb_object_agg(day, acts), '{}'::jsonb)
                   from (select day, sum(acts) as acts from hours where day >= ${p.from}::date group by 1) d),
        'byType', (select coalesce(jsonb_object_agg(card_type, acts), '{}'::jsonb)
                   from (select card_type, sum(acts) as acts from hours where day >= ${p.from}::date group by 1) t),
        'hours', (select coalesce(jsonb_object_agg(cell, acts), '{}'::jsonb)
                  from (select extract(dow from day)::int || ':' || hour as cell, sum(acts) as acts from hours
                        where day >= ${p.from}::date and card_type <> 'manual' group by 1) c),
        'places', (select coalesce(jsonb_object_agg(source_id, acts), '{}'::jsonb)
                   from (select s.source_id, sum(s.acts) as acts from ${sourceDayCounts.sql} s
                         where s.organization_id = ${p.organizationId} and s.day >= ${p.from}::date and s.day <= ${p.through}::date
                           and exists (select 1 from ${publishedPlaces.sql} l where l.id = s.source_id)
                         group by 1) pl),
        'previous', (select coalesce(sum(acts), 0) from hours where day < ${p.from}::date)
      ) as figures
    )${
      keep
        ? sql`, kept as (
      -- writes: organization_period_figures
      insert into organization_period_figures (organization_id, days, through, changes, figures)
      select ${p.organizationId}, ${p.days}::smallint, ${p.through}::date, ${changesOf(p.organizationId)}, figures from summed
      on conflict (organization_id, days) do update
        set through = excluded.through, changes = excluded.changes, figures = excluded.figures
        where (organization_period_figures.through, organization_period_figures.changes) < (excluded.through, excluded.changes)
    )`
        : sql``
    }
    select figures from summed`;
const keepPeriod = prepared<KeepParams>()("dashboard_keep_period", (_, p) => periodSums(p, true));
const sumPeriod = prepared<KeepParams>()("dashboard_sum_period", (_, p) => periodSums(p, false));

/** The names of the organisation's places among `ids`. */
export async function placeNames(db: Kysely<DB>, organizationId: string, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await namesOf.execute(db, { organizationId, ids });
  return new Map(rows.map((row) => [row.id, row.name]));
}

const namesOf = prepared<{ organizationId: string; ids: string[] }>()(
  "dashboard_place_names",
  (_, p) => sql<{ id: string; name: string }>`
    select id, name from ${publishedPlaces.sql} l where organization_id = ${p.organizationId} and id = any(${p.ids}::text[])`,
);
