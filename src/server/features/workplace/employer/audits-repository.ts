import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { people } from "../../users/read-models.js";

/** An organisation's internal audits, newest first, with who submitted each. */
export async function auditRows(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("internal_audits as a")
    .leftJoin(people.from(db).as("u"), "u.id", "a.submitted_by")
    .select(["a.id", "a.stress_reduction", "a.engagement", "a.created_at", "u.username"])
    .where("a.organization_id", "=", organizationId)
    .orderBy("a.created_at", "desc")
    .execute();
}

export async function insertAudit(
  db: Kysely<DB>,
  audit: { organizationId: string; stressReduction: number; engagement: number; submittedBy: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("internal_audits")
    .values({
      id,
      organization_id: audit.organizationId,
      stress_reduction: audit.stressReduction,
      engagement: audit.engagement,
      submitted_by: audit.submittedBy,
    })
    .execute();
  return id;
}
