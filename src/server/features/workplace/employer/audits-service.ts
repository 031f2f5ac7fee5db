import type { Kysely } from "kysely";
import type { Audit, AuditInput } from "../../../../shared/schemas/compliance.js";
import { auditScore } from "../../../../shared/workplace/compliance-rules.js";
import type { DB } from "../../../platform/db/schema.js";
import { iso } from "../iso-time.js";
import { auditRows, insertAudit } from "./audits-repository.js";
import { requireComplianceAccess } from "./compliance-access.js";

/** Every internal audit of an organisation, newest first, scored by the shared rule. */
export async function listAudits(db: Kysely<DB>, organizationId: string): Promise<Audit[]> {
  const rows = await auditRows(db, organizationId);
  return rows.map((row) => ({
    id: row.id,
    stressReduction: row.stress_reduction,
    engagement: row.engagement,
    ...auditScore(row.stress_reduction, row.engagement),
    submittedBy: row.username,
    createdAt: iso(row.created_at)!,
  }));
}

export async function audits(db: Kysely<DB>, userId: string, organizationId: string) {
  await requireComplianceAccess(db, userId, organizationId);
  return { audits: await listAudits(db, organizationId) };
}

/** A submitted audit is kept as it was: a new evaluation is a new row. */
export async function submitAudit(db: Kysely<DB>, userId: string, organizationId: string, input: AuditInput): Promise<Audit> {
  await requireComplianceAccess(db, userId, organizationId);
  const id = await insertAudit(db, { organizationId, ...input, submittedBy: userId });
  return (await listAudits(db, organizationId)).find((a) => a.id === id)!;
}
