import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { requireOrganizationAccess } from "../../organizations/index.js";

/**
 * The "Workplace well-being" tabs are for the organisation's
 * members (owners, admins and business members) and the official account;
 * employees who only hold workplace access are not members and get a 403.
 */
export async function requireComplianceAccess(db: Kysely<DB>, userId: string, organizationId: string): Promise<void> {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
}
