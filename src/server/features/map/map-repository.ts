import { sql, type Kysely } from "kysely";
import type { MapArea, MapPlace } from "../../../shared/schemas/map.js";
import type { DB } from "../../platform/db/schema.js";
import { logoUrl as organizationLogoUrl } from "../organizations/index.js";
import { campaignPlaces, publishedCampaigns, publishedOrganizations, publishedPlaces } from "../organizations/read-models.js";

// A view that crosses the antimeridian (west > east) is two boxes.
function inArea(area: MapArea) {
  const latitude = sql`l.latitude between ${area.south} and ${area.north}`;
  const longitude =
    area.west <= area.east
      ? sql`l.longitude between ${area.west} and ${area.east}`
      : sql`(l.longitude >= ${area.west} or l.longitude <= ${area.east})`;
  return sql`l.is_active and ${latitude} and ${longitude}`;
}

export async function countPlaces(db: Kysely<DB>, area: MapArea, limit: number): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(*) as n from (select 1 from ${publishedPlaces.sql} l where ${inArea(area)} limit ${limit + 1}) x
  `.execute(db);
  return Number(result.rows[0]!.n);
}

/** Active places in the area, with the effect of a campaign running at each. */
export async function placesIn(db: Kysely<DB>, area: MapArea, now: Date): Promise<MapPlace[]> {
  const result = await sql<{
    id: string;
    name: string;
    org_name: string;
    org_type: MapPlace["organizationType"];
    organization_id: string;
    logo_key: string | null;
    logo_updated_at: Date | null;
    latitude: number;
    longitude: number;
    scan_radius_m: number;
    effect: MapPlace["campaignEffect"];
  }>`
    with running as (
      select distinct on (cl.location_id) cl.location_id, c.effect
      from ${publishedCampaigns.sql} c join ${campaignPlaces.sql} cl on cl.campaign_id = c.id
      where c.starts_at <= ${now} and c.ends_at > ${now} and c.paused_at is null and c.ended_at is null
      order by cl.location_id, c.starts_at desc
    )
    select l.id, l.name, o.name as org_name, o.type as org_type, o.id as organization_id, o.logo_key, o.logo_updated_at,
           l.latitude, l.longitude, l.scan_radius_m, r.effect
    from ${publishedPlaces.sql} l join ${publishedOrganizations.sql} o on o.id = l.organization_id
    left join running r on r.location_id = l.id
    where ${inArea(area)}
  `.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    organizationName: row.org_name,
    organizationType: row.org_type,
    organizationLogoUrl: organizationLogoUrl({ id: row.organization_id, logo_key: row.logo_key, logo_updated_at: row.logo_updated_at }),
    lat: row.latitude,
    lon: row.longitude,
    radiusMeters: row.scan_radius_m,
    campaignEffect: row.effect,
  }));
}

/** Places counted per cell of a grid of `cell` degrees, at their average position. */
export async function clustersIn(db: Kysely<DB>, area: MapArea, cell: number) {
  const result = await sql<{ lat: number; lon: number; count: string }>`
    select avg(l.latitude) as lat, avg(l.longitude) as lon, count(*) as count
    from ${publishedPlaces.sql} l where ${inArea(area)}
    group by floor(l.latitude / ${cell}), floor(l.longitude / ${cell})
  `.execute(db);
  return result.rows.map((row) => ({ lat: Number(row.lat), lon: Number(row.lon), count: Number(row.count) }));
}
