import type { Kysely } from "kysely";
import type { ScanCode } from "../../../shared/schemas/scans.js";
import type { DB, OrganizationType } from "../../platform/db/schema.js";

/** What a QR link points at, once Kindly has recognised it as one it issued. */
export type IssuedCode =
  | {
      type: "virtual";
      organization: IssuedOrganization;
      location: { id: string; name: string; lat: number; lon: number; radiusMeters: number; isActive: boolean };
    }
  | {
      type: "physical" | "portable";
      organization: IssuedOrganization;
      cardSeries: { id: string; name: string; isActive: boolean };
      /** A portable card's number, when its link carries one. */
      cardNumber: number | null;
    };

interface IssuedOrganization {
  id: string;
  name: string;
  type: OrganizationType;
}

/**
 * Finds the code a link carries. `loc` is the unguessable token of a location
 * (virtual) or of a card series (physical, portable); `org` and `type` must
 * match what was issued, otherwise the link is not Kindly's (null); so must
 * a card number, which only a portable card carries, one that was printed.
 */
export async function findIssuedCode(db: Kysely<DB>, code: ScanCode): Promise<IssuedCode | null> {
  if (code.type === "virtual") {
    const row = await db
      .selectFrom("business_locations as l")
      .innerJoin("organizations as o", "o.id", "l.organization_id")
      .select([
        "l.id",
        "l.name",
        "l.latitude",
        "l.longitude",
        "l.scan_radius_m",
        "l.is_active",
        "o.id as org_id",
        "o.name as org_name",
        "o.org_code",
        "o.type as org_type",
      ])
      .where("l.qr_token", "=", code.loc)
      .executeTakeFirst();
    if (!row || row.org_code !== code.org || code.card !== undefined) return null;
    return {
      type: "virtual",
      organization: { id: row.org_id, name: row.org_name, type: row.org_type },
      location: {
        id: row.id,
        name: row.name,
        lat: row.latitude,
        lon: row.longitude,
        radiusMeters: row.scan_radius_m,
        isActive: row.is_active,
      },
    };
  }
  const row = await db
    .selectFrom("card_series as c")
    .innerJoin("organizations as o", "o.id", "c.organization_id")
    .select([
      "c.id",
      "c.name",
      "c.card_type",
      "c.card_count",
      "c.is_active",
      "o.id as org_id",
      "o.name as org_name",
      "o.org_code",
      "o.type as org_type",
    ])
    .where("c.qr_token", "=", code.loc)
    .executeTakeFirst();
  if (!row || row.org_code !== code.org || row.card_type !== code.type) return null;
  if (code.card !== undefined && (row.card_type !== "portable" || code.card > row.card_count)) return null;
  return {
    type: row.card_type,
    organization: { id: row.org_id, name: row.org_name, type: row.org_type },
    cardSeries: { id: row.id, name: row.name, isActive: row.is_active },
    cardNumber: code.card ?? null,
  };
}
