import type { Kysely } from "kysely";
import type { OrganizationSettingsInput, OrganizationSetup, OrganizationView } from "../../../shared/schemas/organizations.js";
import { AppError } from "../../kernel/app-error.js";
import * as repo from "./organization-repository.js";
import { readSetupFacts } from "./organization-repository.js";
import type { DB, OrganizationType } from "../../platform/db/schema.js";
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

/**
 * An organisation the official account creates by hand, with the code it
 * chose (admin); a code already taken fails with the database's unique
 * violation, which the caller turns into its answer.
 */
export async function createOrganizationWithCode(
  db: Kysely<DB>,
  org: { name: string; type: OrganizationType; industry: string | null; orgCode: string; createdBy: string },
): Promise<string> {
  const created = await repo.insertOrganization(db, {
    name: org.name,
    type: org.type,
    industry: org.industry,
    org_code: org.orgCode,
    created_by: org.createdBy,
  });
  return created.id;
}

/** The workplace area names who signs its certificates (the organisation's row holds it). */
export async function setCertificateSignatory(
  db: Kysely<DB>,
  organizationId: string,
  signatory: { name: string; title: string } | null,
): Promise<void> {
  await repo.updateCertificateSignatory(db, organizationId, signatory);
}
