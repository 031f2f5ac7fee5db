import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { EmployerPolicies } from "../../../../shared/schemas/compliance.js";
import { POLICY_COMPLIANT_PERCENT } from "../../../../shared/workplace/compliance-rules.js";
import type { DB } from "../../../platform/db/schema.js";
import { AppError } from "../../../kernel/app-error.js";
import type { FileStorage } from "../../../platform/storage/file-storage.js";
import type { LinkSigner } from "../../../platform/storage/signed-links.js";
import { insertPolicy } from "../policies-repository.js";
import { POLICY_LINK_SECONDS, policyFilePath } from "../policies-service.js";
import { requireComplianceAccess } from "./compliance-access.js";
import * as repo from "./policy-admin-repository.js";

/** Of the employees holding access, how many passed the policy quiz (their acknowledgment); 90 % is compliant. */
export async function acknowledgmentRate(db: Kysely<DB>, organizationId: string) {
  const { employees, acknowledged } = await repo.acknowledgmentCounts(db, organizationId);
  const percent = employees ? Math.round((acknowledged / employees) * 100) : null;
  return { employees, acknowledged, percent, compliant: percent !== null && percent >= POLICY_COMPLIANT_PERCENT };
}

export async function employerPolicies(
  db: Kysely<DB>,
  signer: LinkSigner,
  userId: string,
  organizationId: string,
): Promise<EmployerPolicies> {
  await requireComplianceAccess(db, userId, organizationId);
  const rows = await repo.activePoliciesWithUploader(db, organizationId);
  return {
    policies: rows.map((row) => ({
      id: row.id,
      fileName: row.file_name,
      size: row.file_size,
      uploadedAt: new Date(row.uploaded_at).toISOString(),
      uploadedBy: row.username,
      url: signer.sign(policyFilePath(row.id), POLICY_LINK_SECONDS),
    })),
    acknowledgment: await acknowledgmentRate(db, organizationId),
  };
}

/** Stores a checked PDF under the organisation with a name the server chose, then lists it. */
export async function uploadPolicy(
  deps: { db: Kysely<DB>; storage: FileStorage },
  userId: string,
  organizationId: string,
  file: { fileName: string; body: Buffer },
): Promise<{ id: string }> {
  await requireComplianceAccess(deps.db, userId, organizationId);
  const id = randomUUID();
  const storageKey = `policies/${organizationId}/${id}.pdf`;
  await deps.storage.put(storageKey, file.body, "application/pdf");
  try {
    await insertPolicy(deps.db, { id, organizationId, fileName: file.fileName, storageKey, size: file.body.length, uploadedBy: userId });
  } catch (error) {
    await deps.storage.delete(storageKey);
    throw error;
  }
  return { id };
}

/** Soft delete: the row stays for the record, the file is removed and no link opens it again. */
export async function deletePolicy(
  deps: { db: Kysely<DB>; storage: FileStorage },
  userId: string,
  organizationId: string,
  policyId: string,
) {
  await requireComplianceAccess(deps.db, userId, organizationId);
  const row = await repo.deactivatePolicy(deps.db, organizationId, policyId);
  if (!row) throw new AppError("not_found");
  await deps.storage.delete(row.storage_key);
}
