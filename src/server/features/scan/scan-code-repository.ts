import { sql, type Kysely, type RawBuilder } from "kysely";
import type { ScanCode } from "../../../shared/schemas/scans.js";
import type { DB, OrganizationType } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";
import { publishedCardSeries, publishedOrganizations, publishedPlaces } from "../organizations/read-models.js";

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
      cardSeries: { id: string; name: string; translations: Partial<Record<string, string>>; isActive: boolean };
      /** A portable card's number, when its link carries one. */
      cardNumber: number | null;
    };

interface IssuedOrganization {
  id: string;
  name: string;
  type: OrganizationType;
}

/** The columns a code's lookup reads (its place or card series, and its organisation). */
export interface IssuedCodeRow {
  id: string;
  name: string;
  /** A card series' name in other languages (null for a place). */
  name_translations: Partial<Record<string, string>> | null;
  /** A place's position and radius (null for a card series). */
  latitude: number | null;
  longitude: number | null;
  scan_radius_m: number | null;
  /** A card series' type and size (null for a place). */
  card_type: "physical" | "portable" | null;
  card_count: number | null;
  is_active: boolean;
  org_id: string;
  org_name: string;
  org_code: string;
  org_type: OrganizationType;
}

/**
 * The code a link carries, from its lookup's row. `loc` is the unguessable
 * token of a location (virtual) or of a card series (physical, portable);
 * `org` and `type` must match what was issued, otherwise the link is not
 * Kindly's (null); so must a card number, which only a portable card
 * carries, one that was printed.
 */
export function issuedCodeFromRow(row: IssuedCodeRow | undefined, code: ScanCode): IssuedCode | null {
  if (!row || row.org_code !== code.org) return null;
  const organization = { id: row.org_id, name: row.org_name, type: row.org_type };
  if (code.type === "virtual") {
    if (code.card !== undefined || row.latitude === null || row.longitude === null || row.scan_radius_m === null) return null;
    return {
      type: "virtual",
      organization,
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
  if (row.card_type !== code.type || row.card_count === null) return null;
  if (code.card !== undefined && (row.card_type !== "portable" || code.card > row.card_count)) return null;
  return {
    type: row.card_type,
    organization,
    cardSeries: { id: row.id, name: row.name, translations: row.name_translations ?? {}, isActive: row.is_active },
    cardNumber: code.card ?? null,
  };
}

/** Finds the code a link carries (`issuedCodeFromRow` says whether it is one Kindly issued). */
export async function findIssuedCode(db: Kysely<DB>, code: ScanCode): Promise<IssuedCode | null> {
  const { rows } = await (code.type === "virtual" ? placeCode : cardCode).execute(db, { token: code.loc });
  return issuedCodeFromRow(rows[0], code);
}

/**
 * The statement that finds a code by its token, as `IssuedCodeRow`: a place
 * (position and radius) for a virtual code, a card series otherwise. The scan
 * reads it inside its own context statement too (scan-repository.ts).
 */
export function issuedCodeLookup(kind: "place" | "card", token: unknown): RawBuilder<IssuedCodeRow> {
  return kind === "place"
    ? sql<IssuedCodeRow>`select l.id, l.name, null::jsonb as name_translations, l.latitude, l.longitude, l.scan_radius_m, null::text as card_type, null::int as card_count,
        l.is_active, o.id as org_id, o.name as org_name, o.org_code, o.type as org_type
      from ${publishedPlaces.sql} l join ${publishedOrganizations.sql} o on o.id = l.organization_id where l.qr_token = ${token}`
    : sql<IssuedCodeRow>`select c.id, c.name, c.name_translations, null::float8 as latitude, null::float8 as longitude, null::int as scan_radius_m,
        c.card_type, c.card_count, c.is_active, o.id as org_id, o.name as org_name, o.org_code, o.type as org_type
      from ${publishedCardSeries.sql} c join ${publishedOrganizations.sql} o on o.id = c.organization_id where c.qr_token = ${token}`;
}

const placeCode = prepared<{ token: string }>()("scan_place_code", (_, p) => issuedCodeLookup("place", p.token));
const cardCode = prepared<{ token: string }>()("scan_card_code", (_, p) => issuedCodeLookup("card", p.token));
