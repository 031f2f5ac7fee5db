import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { AnomalyFlag } from "../../../shared/schemas/anomalies.js";
import { onePage, pageWindow } from "../../platform/db/paging.js";
import type { AnomalyKind, DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";
import { publishedCardSeries, publishedOrganizations, publishedPlaces } from "../organizations/read-models.js";
import { publishedActs, voidedActs } from "../scan/read-models.js";

/** This many acts or more within `BURST_MINUTES` is a burst (people walk between places). */
export const BURST_ACTS = 10;
export const BURST_MINUTES = 15;
/** This many acts or more in a day at a position within half a metre of the place's own coordinates. */
export const COPIED_POSITION_ACTS = 3;

/**
 * Counts one more occurrence of a pattern seen as it happens (a refused
 * scan); the detail is the latest one's. A flag already reviewed opens again:
 * it happened again after the review.
 */
export async function recordOccurrence(
  db: Kysely<DB>,
  flag: { userId: string; kind: AnomalyKind; day: string; detail: Record<string, number> },
): Promise<void> {
  await db
    .insertInto("anomaly_flags")
    .values({ id: randomUUID(), user_id: flag.userId, kind: flag.kind, day: flag.day, detail: JSON.stringify(flag.detail) as never })
    .onConflict((oc) =>
      oc.columns(["user_id", "kind", "day"]).doUpdateSet((eb) => ({
        occurrences: eb("anomaly_flags.occurrences", "+", 1),
        detail: eb.ref("excluded.detail"),
        status: "open",
      })),
    )
    .execute();
}

/**
 * Finds the day's patterns in the acts themselves and flags them (again,
 * with the figures of now, when run twice): bursts of scans, and positions
 * copied from a place's published coordinates rather than read by a phone.
 */
export async function flagPatternsOfDay(trx: Transaction<DB>, day: string): Promise<void> {
  await sql`
    insert into anomaly_flags (id, user_id, kind, day, occurrences, detail)
    select gen_random_uuid()::text, user_id, 'burst', ${day}::date, max(n), jsonb_build_object('acts', max(n), 'minutes', ${BURST_MINUTES}::int)
    from (
      select user_id, count(*) over (
        partition by user_id order by scanned_at
        range between current row and ${`${BURST_MINUTES} minutes`}::interval following
      ) as n
      from ${publishedActs.sql} acts where scan_day = ${day}::date and user_id is not null
    ) windows
    where n >= ${BURST_ACTS}
    group by user_id
    on conflict (user_id, kind, day) do update set occurrences = excluded.occurrences, detail = excluded.detail`.execute(trx);
  // Half a metre: about 0.0000045 degrees of latitude, and of longitude at Québec's latitudes a little more.
  await sql`
    insert into anomaly_flags (id, user_id, kind, day, occurrences, detail)
    select gen_random_uuid()::text, a.user_id, 'copied_position', ${day}::date, count(*), jsonb_build_object('acts', count(*))
    from ${publishedActs.sql} a join ${publishedPlaces.sql} l on l.id = a.location_id
    where a.scan_day = ${day}::date and a.user_id is not null and a.latitude is not null
      and abs(a.latitude - l.latitude) < 0.0000045 and abs(a.longitude - l.longitude) < 0.0000065
    group by a.user_id
    having count(*) >= ${COPIED_POSITION_ACTS}
    on conflict (user_id, kind, day) do update set occurrences = excluded.occurrences, detail = excluded.detail`.execute(trx);
}

/** Claims the day's digest for this process (false when another already sent it). */
export async function claimDigest(trx: Transaction<DB>, day: string): Promise<boolean> {
  const row = await trx
    .insertInto("anomaly_digests")
    .values({ day, flags: 0 })
    .onConflict((oc) => oc.column("day").doNothing())
    .returning("day")
    .executeTakeFirst();
  return Boolean(row);
}

/** The day's flags still open, counted by kind. */
export async function countOpenFlagsOfDay(trx: Transaction<DB>, day: string): Promise<Map<AnomalyKind, number>> {
  const rows = await trx
    .selectFrom("anomaly_flags")
    .select(["kind", (eb) => eb.fn.countAll<string>().as("n")])
    .where("day", "=", day)
    .where("status", "=", "open")
    .groupBy("kind")
    .execute();
  return new Map(rows.map((row) => [row.kind, Number(row.n)]));
}

export async function recordDigestCount(trx: Transaction<DB>, day: string, flags: number): Promise<void> {
  await trx.updateTable("anomaly_digests").set({ flags }).where("day", "=", day).execute();
}

export async function listFlags(
  db: Kysely<DB>,
  filter: { status: "open" | "all"; page: number; pageSize: number },
): Promise<{ items: AnomalyFlag[]; hasMore: boolean }> {
  const { limit, offset } = pageWindow(filter.page, filter.pageSize);
  let query = db
    .selectFrom("anomaly_flags as f")
    .innerJoin(people.from(db).as("u"), "u.id", "f.user_id")
    .select([
      "f.id",
      "f.user_id",
      "u.username",
      "f.kind",
      "f.day",
      "f.occurrences",
      "f.detail",
      "f.status",
      "f.review_note",
      "f.reviewed_at",
    ])
    .orderBy("f.day", "desc")
    .orderBy("f.created_at", "desc")
    .orderBy("f.id")
    .limit(limit)
    .offset(offset);
  if (filter.status === "open") query = query.where("f.status", "=", "open");
  const rows = await query.execute();
  return onePage(
    rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      username: row.username,
      kind: row.kind,
      day: row.day,
      occurrences: row.occurrences,
      detail: row.detail,
      status: row.status,
      reviewNote: row.review_note,
      reviewedAt: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
    })),
    filter.pageSize,
  );
}

export async function findFlag(db: Kysely<DB>, flagId: string) {
  return db.selectFrom("anomaly_flags").select(["id", "user_id", "day"]).where("id", "=", flagId).executeTakeFirst();
}

export async function reviewFlag(
  db: Kysely<DB>,
  flagId: string,
  review: { status: "dismissed" | "resolved"; note: string; reviewerId: string },
): Promise<boolean> {
  const result = await db
    .updateTable("anomaly_flags")
    .set({ status: review.status, review_note: review.note || null, reviewed_by: review.reviewerId, reviewed_at: new Date() })
    .where("id", "=", flagId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface DayActRow {
  id: string;
  act_number: number | null;
  scanned_at: Date;
  organization_name: string;
  place_name: string | null;
  rarity: string;
  latitude: number | null;
  longitude: number | null;
  place_latitude: number | null;
  place_longitude: number | null;
  place_radius: number | null;
  void_reason: string | null;
  voided_at: Date | null;
}

/** The person's acts of the day, voided ones included, in time order, with the place scanned. */
export async function actsOfDay(db: Kysely<DB>, userId: string, day: string): Promise<DayActRow[]> {
  const { rows } = await sql<DayActRow>`
    select a.id, a.act_number, a.scanned_at, o.name as organization_name, coalesce(l.name, cs.name) as place_name, a.rarity,
           a.latitude, a.longitude, l.latitude as place_latitude, l.longitude as place_longitude, l.scan_radius_m as place_radius,
           a.void_reason, a.voided_at
    from (
      select id, act_number, scanned_at, organization_id, location_id, card_series_id, rarity, latitude, longitude,
             null::text as void_reason, null::timestamptz as voided_at
      from ${publishedActs.sql} acts where user_id = ${userId} and scan_day = ${day}::date
      union all
      select id, act_number, scanned_at, organization_id, location_id, card_series_id, rarity, latitude, longitude, reason, voided_at
      from ${voidedActs.sql} voided_acts where user_id = ${userId} and scan_day = ${day}::date
    ) a
    join ${publishedOrganizations.sql} o on o.id = a.organization_id
    left join ${publishedPlaces.sql} l on l.id = a.location_id
    left join ${publishedCardSeries.sql} cs on cs.id = a.card_series_id
    order by a.scanned_at, a.id`.execute(db);
  return rows;
}
