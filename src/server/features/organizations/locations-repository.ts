import { sql, type Kysely } from "kysely";
import type { LocationInput, LocationView } from "../../../shared/schemas/organizations.js";
import type { DB } from "../../platform/db/schema.js";
import { newQrToken } from "./organization-repository.js";
import { sourceActs } from "./source-acts.js";
import { prepared } from "../../platform/db/prepared.js";
import { actorColumns, type ActorFacts } from "./actor-facts.js";

// Every statement names the organisation as well as the location: an id from
// another organisation matches nothing, whatever the caller sends.

const columns = [
  "l.id",
  "l.name",
  "l.address",
  "l.city",
  "l.province",
  "l.postal_code",
  "l.country",
  "l.latitude",
  "l.longitude",
  "l.scan_radius_m",
  "l.is_active",
  "l.created_at",
] as const;

type LocationRow = {
  id: string;
  name: string;
  address: string;
  city: string;
  province: string;
  postal_code: string;
  country: string;
  latitude: number;
  longitude: number;
  scan_radius_m: number;
  is_active: boolean;
  created_at: Date;
  scans: number | null;
};

/** Where a page of places starts: after this place, in the list's order (active first, by name, by id). */
export interface PlaceCursor {
  inactive: boolean;
  name: string;
  id: string;
}

export function encodePlaceCursor(place: { isActive: boolean; name: string; id: string }): string {
  return Buffer.from(JSON.stringify([!place.isActive, place.name, place.id])).toString("base64url");
}

/** Null for anything that is not a cursor this server wrote: the first page then. */
export function decodePlaceCursor(cursor: string | undefined): PlaceCursor | null {
  if (!cursor) return null;
  try {
    const [inactive, name, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    return typeof inactive === "boolean" && typeof name === "string" && typeof id === "string" ? { inactive, name, id } : null;
  } catch {
    return null;
  }
}

/**
 * A page of the organisation's locations (`limit` of them, and whether more
 * follow), active first, each with its number of scans (numbered acts, kept
 * by the numbering step), and who is asking: one statement, prepared (the
 * dashboard opens on it; its access check is decided on `facts`, see
 * organization-access.ts).
 */
export async function listLocations(db: Kysely<DB>, userId: string, organizationId: string, after: PlaceCursor | null, limit: number) {
  const { rows } = await (after ? laterPlaces : firstPlaces).execute(db, {
    userId,
    organizationId,
    inactive: after?.inactive ?? false,
    name: after?.name ?? "",
    id: after?.id ?? "",
    limit: limit + 1,
  });
  const places = rows.filter((row): row is typeof row & LocationRow => row.id !== null);
  return {
    facts: rows[0]!,
    hasMore: places.length > limit,
    locations: places.slice(0, limit).map((row): LocationView => ({
      id: row.id,
      name: row.name,
      address: row.address,
      city: row.city,
      province: row.province,
      postalCode: row.postal_code,
      country: row.country,
      latitude: row.latitude,
      longitude: row.longitude,
      radiusMeters: row.scan_radius_m,
      isActive: row.is_active,
      scans: Number(row.scans ?? 0),
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

type PageParams = { userId: string; organizationId: string; inactive: boolean; name: string; id: string; limit: number };

/** Two prepared shapes: the first page, and a page after a place (the keyset `(not is_active, name, id) > cursor`). */
const placesPage = (p: PageParams, later: boolean) => sql<ActorFacts & { [K in keyof LocationRow]: LocationRow[K] | null }>`
  select f.*, l.* from (select ${actorColumns(p.userId, p.organizationId)}) f
  left join lateral (
    select ${sql.join(columns.map((column) => sql.ref(column)))}, t.acts as scans
    from business_locations l left join ${sourceActs.sql()} t on t.source_id = l.id
    where l.organization_id = ${p.organizationId}
      ${later ? sql`and (not l.is_active, l.name, l.id) > (${p.inactive}::boolean, ${p.name}::text, ${p.id}::text)` : sql``}
    order by not l.is_active, l.name, l.id
    limit ${p.limit}::int
  ) l on true`;
const firstPlaces = prepared<PageParams>()("organization_locations_first", (_, p) => placesPage(p, false));
const laterPlaces = prepared<PageParams>()("organization_locations_after", (_, p) => placesPage(p, true));

const values = (input: Required<LocationInput>) => ({
  name: input.name,
  address: input.address,
  city: input.city,
  province: input.province,
  postal_code: input.postalCode,
  country: input.country,
  latitude: input.latitude,
  longitude: input.longitude,
  scan_radius_m: input.radiusMeters,
});

export async function createLocation(db: Kysely<DB>, organizationId: string, id: string, input: Required<LocationInput>): Promise<void> {
  await db
    .insertInto("business_locations")
    .values({ id, organization_id: organizationId, qr_token: newQrToken(), ...values(input) })
    .execute();
}

export async function updateLocation(db: Kysely<DB>, organizationId: string, id: string, input: Required<LocationInput>): Promise<boolean> {
  const result = await db
    .updateTable("business_locations")
    .set(values(input))
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What a location's printed code carries. */
export async function findLocationCode(db: Kysely<DB>, organizationId: string, id: string) {
  return (
    db
      .selectFrom("business_locations as l")
      .innerJoin("organizations as o", "o.id", "l.organization_id")
      .leftJoin(sourceActs.sql().as("t"), "t.source_id", "l.id")
      .select(["l.id", "l.name", "l.qr_token", "l.short_code", "l.scan_radius_m", "l.address", "o.org_code", "o.name as organization_name"])
      // The place's acts so far: the posters' live count.
      .select((eb) => eb.fn.coalesce("t.acts", eb.lit(0)).as("acts"))
      .where("l.id", "=", id)
      .where("l.organization_id", "=", organizationId)
      .executeTakeFirst()
  );
}

/** Which of these ids are locations of the organisation. */
export async function ownLocationIds(db: Kysely<DB>, organizationId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("business_locations")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where("id", "in", ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}
