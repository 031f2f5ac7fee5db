import type { Kysely } from "kysely";
import type { Industry } from "../../../shared/schemas/organizations.js";
import type { DB, OrganizationType } from "../../platform/db/schema.js";
import * as repo from "./organization-repository.js";

/** One organization of the demo, as the demo feature describes it. */
export interface DemoOrganization {
  name: string;
  type: OrganizationType;
  industry: Industry;
  country: string;
  places: { name: string; address: string; lat: number; lon: number }[];
  /** Its two card series: their names (in the organization's language) and how many cards each printed. */
  series: Record<"physical" | "portable", { name: string; cards: number; translations?: Partial<Record<string, string>> }>;
}

/** What the demo shows of a seeded organization: the codes its links print. */
export interface SeededOrganization {
  id: string;
  name: string;
  orgCode: string;
  places: { name: string; qrToken: string; shortCode: string; lat: number; lon: number; scanRadiusMeters: number }[];
  series: Record<"physical" | "portable", { qrToken: string; shortCode: string }>;
}

/**
 * The demo's seed of an organization (the `seed(demo)` side of this
 * feature): the organization, set up as one that printed its kit, its
 * places and its two card series, written directly (no request to check).
 */
export async function seedDemoOrganization(db: Kysely<DB>, spec: DemoOrganization): Promise<SeededOrganization> {
  const org = await repo.insertOrganization(db, { name: spec.name, type: spec.type, industry: spec.industry, country: spec.country });
  // The demo organizations have printed their kits (their codes are in the demo's hands).
  await repo.markKitPrinted(db, org.id);
  const places: SeededOrganization["places"] = [];
  for (const place of spec.places) {
    const location = await repo.insertLocation(db, org.id, {
      name: place.name,
      address: place.address,
      latitude: place.lat,
      longitude: place.lon,
    });
    places.push({
      name: place.name,
      qrToken: location.qr_token,
      shortCode: location.short_code,
      lat: place.lat,
      lon: place.lon,
      scanRadiusMeters: location.scan_radius_m,
    });
  }
  const series = {} as SeededOrganization["series"];
  for (const cardType of ["physical", "portable"] as const) {
    const { name, cards, translations } = spec.series[cardType];
    const made = await repo.insertCardSeries(db, org.id, name, cardType, cards, translations);
    series[cardType] = { qrToken: made.qr_token, shortCode: made.short_code };
  }
  return { id: org.id, name: org.name, orgCode: org.org_code, places, series };
}

/** Whether any organization exists (the demo seeds an empty database only). */
export async function anyOrganization(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom("organizations").select("id").limit(1).executeTakeFirst());
}
