import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB, OrganizationType } from "../../platform/db/schema.js";
import { isForeignKeyViolation } from "../../platform/db/errors.js";
import { sourceActs } from "./source-acts.js";

/** The unguessable token a printed code carries as `loc` (128 bits). */
export function newQrToken(): string {
  return randomBytes(16).toString("base64url");
}

/** A renewed code's token and short link code: what was printed before stops working. */
export function renewedCode(): { qr_token: string; short_code: RawBuilder<string> } {
  // The short code's one generator is the database's (migration 0020), as for new codes.
  return { qr_token: newQrToken(), short_code: sql<string>`new_short_code()` };
}

/** A short public code for an organisation, e.g. "KND-7F3A9C". */
function newOrgCode(): string {
  return `KND-${randomBytes(3).toString("hex").toUpperCase()}`;
}

export interface NewOrganization {
  name: string;
  type: OrganizationType;
  industry?: string | null;
  country?: string | null;
  created_by?: string | null;
  /** Chosen by the official account; a new one is drawn otherwise. */
  org_code?: string;
}

export async function insertOrganization(db: Kysely<DB>, org: NewOrganization) {
  return db
    .insertInto("organizations")
    .values({ id: randomUUID(), org_code: newOrgCode(), industry: null, country: null, created_by: null, ...org })
    .returning(["id", "name", "type", "org_code"])
    .executeTakeFirstOrThrow();
}

export interface NewLocation {
  name: string;
  address?: string;
  latitude: number;
  longitude: number;
  scanRadiusMeters?: number;
}

export async function insertLocation(db: Kysely<DB>, organizationId: string, location: NewLocation) {
  return db
    .insertInto("business_locations")
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      name: location.name,
      address: location.address ?? "",
      latitude: location.latitude,
      longitude: location.longitude,
      scan_radius_m: location.scanRadiusMeters ?? 100,
      qr_token: newQrToken(),
    })
    .returning(["id", "name", "qr_token", "short_code", "latitude", "longitude", "scan_radius_m"])
    .executeTakeFirstOrThrow();
}

/** A card series; `cardCount` numbers a printed portable series' cards (1 to it). */
export async function insertCardSeries(
  db: Kysely<DB>,
  organizationId: string,
  name: string,
  cardType: "physical" | "portable",
  cardCount?: number,
  translations: Partial<Record<string, string>> = {},
) {
  return db
    .insertInto("card_series")
    .values({
      id: randomUUID(),
      organization_id: organizationId,
      name,
      name_translations: JSON.stringify(translations),
      card_type: cardType,
      qr_token: newQrToken(),
      ...(cardCount === undefined ? {} : { card_count: cardCount }),
    })
    .returning(["id", "name", "qr_token", "short_code", "card_type"])
    .executeTakeFirstOrThrow();
}

/**
 * What a short link's code (/c/<code>) leads to: the location's or card
 * series' scan link fields, whether or not the code is active (the scan says
 * so), or undefined when no code has it.
 */
export async function findCodeByShortCode(db: Kysely<DB>, shortCode: string) {
  const { rows } = await sql<{
    org_code: string;
    qr_token: string;
    type: "virtual" | "physical" | "portable";
    name: string;
    card_count: number;
  }>`
    select o.org_code, l.qr_token, 'virtual' as type, l.name, 0 as card_count
    from business_locations l join organizations o on o.id = l.organization_id where l.short_code = ${shortCode}
    union all
    select o.org_code, c.qr_token, c.card_type, c.name, c.card_count
    from card_series c join organizations o on o.id = c.organization_id where c.short_code = ${shortCode}
    limit 1`.execute(db);
  return rows[0];
}

/** What a printed code belongs to: a location (virtual codes) or a card series (cards). */
export type CodeSource = "location" | "card-series";
const SOURCE_TABLES = { location: "business_locations", "card-series": "card_series" } as const;

/**
 * Changes a location's or card series' active flag or code token; false when
 * the id is not one of this organisation's.
 */
export async function updateCodeSource(
  db: Kysely<DB>,
  source: CodeSource,
  organizationId: string,
  id: string,
  change: { is_active: boolean } | { qr_token: string; short_code: RawBuilder<string> },
): Promise<boolean> {
  const result = await db
    // writes: business_locations, card_series
    .updateTable(SOURCE_TABLES[source])
    .set(change)
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes a location or card series that no act points at; one with acts
 * stays ("has-acts"), so history keeps its place. "missing" when the id is
 * not one of this organisation's.
 *
 * The acts' foreign keys say it, not a read of the acts (which are the acts
 * engine's): PostgreSQL refuses the delete while an act points at the row,
 * an act being recorded at that moment included (its insert holds the row).
 */
export async function deleteUnlessActs(
  db: Kysely<DB>,
  source: CodeSource,
  organizationId: string,
  id: string,
): Promise<"deleted" | "has-acts" | "missing"> {
  try {
    // writes: business_locations, card_series
    const deleted = await db
      .deleteFrom(SOURCE_TABLES[source])
      .where("id", "=", id)
      .where("organization_id", "=", organizationId)
      .executeTakeFirst();
    return deleted.numDeletedRows > 0n ? "deleted" : "missing";
  } catch (error) {
    if (isForeignKeyViolation(error)) return "has-acts";
    throw error;
  }
}

/** The set-up checklist's facts, each read from what the organisation did (issue 43 §4). */
export async function readSetupFacts(db: Kysely<DB>, organizationId: string) {
  const { rows } = await sql<{ place: boolean; kit: boolean; scan: boolean; member: boolean }>`
    select
      exists (select 1 from business_locations l where l.organization_id = o.id) as place,
      o.kit_printed_at is not null as kit,
      -- A scan of one of its codes (the acts at its places and card series, source-acts.ts).
      exists (select 1 from business_locations l join ${sourceActs.sql()} s on s.source_id = l.id where l.organization_id = o.id and s.acts > 0)
        or exists (select 1 from card_series c join ${sourceActs.sql()} s on s.source_id = c.id where c.organization_id = o.id and s.acts > 0) as scan,
      -- A colleague: a second member, or an invitation a member sent (the owner's own invitation,
      -- sent by the official account on approval, is not one).
      (select count(*) from organization_members m where m.organization_id = o.id) > 1
        or exists (
          select 1 from organization_invitations i
          join organization_members sender on sender.organization_id = o.id and sender.user_id = i.invited_by
          where i.organization_id = o.id
        ) as member
    from organizations o where o.id = ${organizationId}
  `.execute(db);
  return rows[0];
}

/** A print-kit PDF was made: the checklist's "print the kit" is done (the first time is kept). */
export async function markKitPrinted(db: Kysely<DB>, organizationId: string): Promise<void> {
  await db
    .updateTable("organizations")
    .set({ kit_printed_at: sql<Date>`coalesce(kit_printed_at, now())` })
    .where("id", "=", organizationId)
    .where("kit_printed_at", "is", null)
    .execute();
}

/** Names the signatory of the certificates the organisation issues from now on (null: nobody). */
export async function updateCertificateSignatory(
  db: Kysely<DB>,
  organizationId: string,
  signatory: { name: string; title: string } | null,
): Promise<void> {
  await db
    .updateTable("organizations")
    .set({ certificate_signatory_name: signatory?.name ?? null, certificate_signatory_title: signatory?.title ?? null })
    .where("id", "=", organizationId)
    .execute();
}
