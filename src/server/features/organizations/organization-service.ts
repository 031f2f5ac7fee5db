import type { Kysely } from "kysely";
import type { OrganizationSettingsInput, OrganizationView } from "../../../shared/schemas/organizations.js";
import type { DB } from "../../platform/db/schema.js";
import { requireOrganizationAccess } from "./organization-access.js";
import { logoUrl } from "./logo-service.js";

export async function organizationView(db: Kysely<DB>, userId: string, organizationId: string): Promise<OrganizationView> {
  const actor = await requireOrganizationAccess(db, userId, organizationId, "view");
  const row = await db
    .selectFrom("organizations")
    .select(["id", "name", "type", "industry", "org_code", "created_at", "logo_key", "logo_updated_at"])
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    industry: row.industry,
    orgCode: row.org_code,
    createdAt: new Date(row.created_at).toISOString(),
    myRole: actor.role,
    logoUrl: logoUrl(row),
  };
}

export async function updateSettings(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  input: OrganizationSettingsInput,
): Promise<void> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  await db
    .updateTable("organizations")
    .set({ name: input.name, type: input.type, industry: input.industry })
    .where("id", "=", organizationId)
    .execute();
}
