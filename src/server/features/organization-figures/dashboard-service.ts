import type { Kysely } from "kysely";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";
import type { Analytics, Engagement, Summary } from "../../../shared/schemas/organizations.js";
import type { ActType, DB } from "../../platform/db/schema.js";
import * as repo from "./dashboard-repository.js";
import * as periodRepo from "./period-figures-repository.js";
import { requireAccessFrom } from "../organizations/index.js";
import { TOP_LIST_SIZE } from "../../../shared/constants.js";

/** The first New York day of the last `days` days, today included. */
const periodStart = (now: Date, days: number) => addDays(newYorkDay(now), -(days - 1));

/** docs/design.md §4.2: growth is computed against the previous period of the same length, never made up. */
function growth(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const ACT_TYPES: ActType[] = ["virtual", "physical", "portable", "manual"];

/** A period's figures: the kept sums of its days that are over, plus yesterday's and today's counts. */
interface Period {
  from: string;
  perDay: Map<string, number>;
  byType: Record<ActType, number>;
  /** "weekday:hour" → scans (manual acts left out). */
  hours: Map<string, number>;
  places: Map<string, number>;
  previous: number;
  activeLocations: number;
  participants: { unique: number; newcomers: number };
}

/**
 * Checks access before anything is kept: a stranger's request reads, but
 * writes nothing. Without `detail` (summary, engagement), only the totals by
 * kind of act are read: `perDay`, `hours` and `places` stay empty.
 */
async function period(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  days: number,
  now: Date,
  options: { detail: boolean } = { detail: false },
): Promise<Period> {
  const today = newYorkDay(now);
  const from = periodStart(now, days);
  const span = { from, today, through: addDays(today, -2), previousFrom: addDays(from, -days) };
  const read = await periodRepo.readPeriod(db, { userId, organizationId, days, ...span }, options.detail);
  requireAccessFrom(read.facts, "view");
  const kept = read.kept ?? (await periodRepo.keepPeriodFigures(db, { organizationId, days, ...span }));
  const perDay = new Map(Object.entries(kept.perDay));
  const byType = Object.fromEntries(ACT_TYPES.map((type) => [type, kept.byType[type] ?? 0])) as Record<ActType, number>;
  const hours = new Map(Object.entries(kept.hours));
  const places = new Map(Object.entries(kept.places));
  const add = (counts: Map<string, number>, key: string, acts: number) => counts.set(key, (counts.get(key) ?? 0) + acts);
  for (const live of read.liveHours) {
    byType[live.card_type] += live.acts;
    if (!options.detail) continue;
    add(perDay, live.day, live.acts);
    if (live.card_type !== "manual") add(hours, `${live.weekday}:${live.hour}`, live.acts);
  }
  for (const live of read.livePlaces) add(places, live.source_id, live.acts);
  return {
    from,
    perDay,
    byType,
    hours,
    places,
    previous: kept.previous,
    activeLocations: read.activeLocations,
    participants: read.participants,
  };
}

const totalOf = (byType: Record<ActType, number>) => ACT_TYPES.reduce((sum, type) => sum + byType[type], 0);

export async function summary(db: Kysely<DB>, userId: string, organizationId: string, days: number, now = new Date()): Promise<Summary> {
  const figures = await period(db, userId, organizationId, days, now);
  const total = totalOf(figures.byType);
  return {
    days,
    totalScans: total,
    previousScans: figures.previous,
    growthPercent: growth(total, figures.previous),
    virtualScans: figures.byType.virtual,
    cardScans: figures.byType.physical + figures.byType.portable,
    manualActs: figures.byType.manual,
    activeLocations: figures.activeLocations,
  };
}

export async function analytics(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  days: number,
  now = new Date(),
): Promise<Analytics> {
  const figures = await period(db, userId, organizationId, days, now, { detail: true });
  const ranked = [...figures.places].filter(([, scans]) => scans > 0).sort((a, b) => b[1] - a[1]);
  // Ties at the last place are ordered by name: every place with as many scans as the last one shown is named.
  const cutoff = ranked[TOP_LIST_SIZE - 1]?.[1] ?? 0;
  const candidates = ranked.filter(([, scans]) => scans >= cutoff);
  const names =
    candidates.length === 0
      ? new Map<string, string>()
      : await periodRepo.placeNames(
          db,
          organizationId,
          candidates.map(([id]) => id),
        );
  const topLocations = candidates
    .filter(([id]) => names.has(id))
    .map(([id, scans]) => ({ id, name: names.get(id)!, scans }))
    .sort((a, b) => b.scans - a.scans || a.name.localeCompare(b.name))
    .slice(0, TOP_LIST_SIZE);
  return {
    days,
    perDay: Array.from({ length: days }, (_, i) => addDays(figures.from, i)).map((day) => ({ day, scans: figures.perDay.get(day) ?? 0 })),
    topLocations,
    split: figures.byType,
    busiestHours: [...figures.hours]
      .filter(([, scans]) => scans > 0)
      .map(([cell, scans]) => {
        const [weekday, hour] = cell.split(":").map(Number);
        return { weekday: weekday!, hour: hour!, scans };
      })
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
  };
}

export async function interactions(db: Kysely<DB>, userId: string, organizationId: string, query: { before?: string; limit: number }) {
  const recent = await repo.recentActs(db, {
    userId,
    organizationId,
    before: query.before ? new Date(query.before) : undefined,
    limit: query.limit,
  });
  requireAccessFrom(recent.facts, "view");
  const rows = recent.acts;
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      actNumber: row.act_number === null ? null : Number(row.act_number),
      scannedAt: new Date(row.scanned_at).toISOString(),
      pseudonym: row.user_pseudo,
      cardType: row.card_type,
      locationName: row.location_name,
    })),
    nextBefore: rows.length > query.limit ? new Date(page[page.length - 1]!.scanned_at).toISOString() : null,
  };
}

export async function engagement(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  days: number,
  now = new Date(),
): Promise<Engagement> {
  const figures = await period(db, userId, organizationId, days, now);
  const { unique, newcomers } = figures.participants;
  // Their acts: the period's, manual acts (no person) left out.
  const acts = totalOf(figures.byType) - figures.byType.manual;
  return {
    days,
    uniqueParticipants: unique,
    returningParticipants: unique - newcomers,
    actsPerParticipant: unique === 0 ? null : Math.round((acts / unique) * 10) / 10,
  };
}
