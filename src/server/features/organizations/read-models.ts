import { readModel } from "../../platform/db/read-model.js";

/*
 * What other features may read of organisations: the organizations
 * feature's published read model (issue 45 §1, "reads through the owner's
 * door"). Another feature joins `publishedOrganizations` (a Kysely subquery
 * it aliases, as a table) or `PUBLISHED_ORGANIZATIONS` (the same in a
 * sql`…` text) instead of the table, so the columns left out (who created
 * it, when its kit was printed) stay this feature's to change; PostgreSQL folds the subquery into the query, so a
 * read costs what the join on the table cost (the scan's code lookup too).
 */
const ORGANIZATION_COLUMNS = [
  "id",
  "name",
  "type",
  "industry",
  "country",
  "org_code",
  "created_at",
  "logo_key",
  "logo_updated_at",
  "certificate_signatory_name",
  "certificate_signatory_title",
] as const;

/** publishedOrganizations.from(db) in Kysely, publishedOrganizations.sql in a sql`…` text. */
export const publishedOrganizations = readModel("organizations", ORGANIZATION_COLUMNS);

/** Places and their codes. */
export const publishedPlaces = readModel("business_locations", [
  "id",
  "organization_id",
  "name",
  "address",
  "latitude",
  "longitude",
  "scan_radius_m",
  "city",
  "province",
  "postal_code",
  "country",
  "is_active",
  "qr_token",
  "short_code",
  "created_at",
]);

/** Card series and their codes. */
export const publishedCardSeries = readModel("card_series", [
  "id",
  "organization_id",
  "name",
  "name_translations",
  "card_type",
  "card_count",
  "is_active",
  "qr_token",
  "short_code",
  "created_at",
]);

/** Campaigns. */
export const publishedCampaigns = readModel("campaigns", [
  "id",
  "organization_id",
  "name",
  "description",
  "effect",
  "starts_at",
  "ends_at",
  "paused_at",
  "ended_at",
  "created_by",
  "created_at",
]);

/** Which places each campaign runs at. */
export const campaignPlaces = readModel("campaign_locations", ["campaign_id", "location_id"]);

/** Who belongs to which organisation, and in what role. */
export const organizationMembers = readModel("organization_members", ["organization_id", "user_id", "role", "created_at"]);

/** Requests to register an organisation. */
export const organizationRequests = readModel("organization_requests", [
  "id",
  "user_id",
  "contact_name",
  "organization_name",
  "type",
  "industry",
  "email",
  "phone",
  "website",
  "description",
  "plan",
  "priority",
  "language",
  "status",
  "decline_reason",
  "decided_by",
  "decided_at",
  "organization_id",
  "created_at",
]);
