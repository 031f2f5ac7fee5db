import type { Kysely } from "kysely";
import type { OrganizationSettingsInput, OrganizationSetup, OrganizationView } from "../../../shared/schemas/organizations.js";
import { AppError } from "../../http/app-error.js";
import { readSetupFacts } from "./organization-repository.js";
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

/** The set-up checklist: each step ticks itself from the organisation's own data. */
export async function organizationSetup(db: Kysely<DB>, userId: string, organizationId: string): Promise<OrganizationSetup> {
  await requireOrganizationAccess(db, userId, organizationId, "view");
  const facts = await readSetupFacts(db, organizationId);
  if (!facts) throw new AppError("not_found");
  return { steps: { place: facts.place, printKit: facts.kit, firstScan: facts.scan, member: facts.member } };
}
