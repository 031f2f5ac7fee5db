import type { Kysely } from "kysely";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";
import type { Analytics, Engagement, Summary } from "../../../shared/schemas/organizations.js";
import type { DB } from "../../platform/db/schema.js";
import * as repo from "./dashboard-repository.js";
import { requireAccessFrom } from "./organization-access.js";
import { TOP_LIST_SIZE } from "../../../shared/constants.js";

/** The first New York day of the last `days` days, today included. */
const periodStart = (now: Date, days: number) => addDays(newYorkDay(now), -(days - 1));

/** docs/design.md §4.2: growth is computed against the previous period of the same length, never made up. */
function growth(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export async function summary(db: Kysely<DB>, userId: string, organizationId: string, days: number, now = new Date()): Promise<Summary> {
  const from = periodStart(now, days);
  const scans = await repo.readSummary(db, { userId, organizationId, from, previousFrom: addDays(from, -days) });
  requireAccessFrom(scans.facts, "view");
  return {
    days,
    totalScans: scans.total,
    previousScans: scans.previous,
    growthPercent: growth(scans.total, scans.previous),
    virtualScans: scans.virtual,
    cardScans: scans.total - scans.virtual - scans.manual,
    manualActs: scans.manual,
    activeLocations: scans.activeLocations,
  };
}

export async function analytics(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  days: number,
  now = new Date(),
): Promise<Analytics> {
  const from = periodStart(now, days);
  const breakdown = await repo.readAnalytics(db, { userId, organizationId, from, limit: TOP_LIST_SIZE });
  requireAccessFrom(breakdown.facts, "view");
  const topLocations = breakdown.topLocations;
  const byDay = new Map(breakdown.perDay.map((row) => [row.day, row.acts]));
  const split = { virtual: 0, physical: 0, portable: 0, manual: 0 };
  for (const row of breakdown.byType) split[row.cardType] = row.acts;
  return {
    days,
    perDay: Array.from({ length: days }, (_, i) => addDays(from, i)).map((day) => ({ day, scans: byDay.get(day) ?? 0 })),
    topLocations,
    split,
    busiestHours: breakdown.byHourOfWeek.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
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
  const people = await repo.participants(db, { userId, organizationId, from: periodStart(now, days) });
  requireAccessFrom(people.facts, "view");
  return {
    days,
    uniqueParticipants: people.unique,
    returningParticipants: people.returning,
    actsPerParticipant: people.unique === 0 ? null : Math.round((people.acts / people.unique) * 10) / 10,
  };
}
