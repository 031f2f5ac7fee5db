import type { Kysely } from "kysely";
import type { DB, OrganizationType } from "../db/schema.js";
import { insertCardSeries, insertLocation, insertOrganization } from "../features/organizations/organization-repository.js";

export const HERE = { lat: 45.5017, lon: -73.5673 };

/** An organisation with one virtual location at `HERE` (100 m radius) and one card series of each kind. */
export async function organizationWithCodes(db: Kysely<DB>, type: OrganizationType = "company", locations = 1) {
  const org = await insertOrganization(db, { name: `Org ${Math.random().toString(36).slice(2, 8)}`, type, country: "CA" });
  const places = [];
  for (let i = 0; i < locations; i += 1) {
    // Spread locations 1 km apart so each has its own radius.
    places.push(await insertLocation(db, org.id, { name: `Place ${i}`, latitude: HERE.lat + i * 0.01, longitude: HERE.lon }));
  }
  const physical = await insertCardSeries(db, org.id, "Thank-you cards", "physical");
  const portable = await insertCardSeries(db, org.id, "Pass-it-on cards", "portable");
  return {
    org,
    virtual: places.map((place) => ({
      code: { org: org.org_code, loc: place.qr_token, type: "virtual" as const },
      at: { lat: place.latitude, lon: place.longitude },
    })),
    physical: { org: org.org_code, loc: physical.qr_token, type: "physical" as const },
    portable: { org: org.org_code, loc: portable.qr_token, type: "portable" as const },
  };
}
