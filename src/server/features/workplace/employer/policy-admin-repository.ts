import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { people } from "../../users/read-models.js";

/** Employees holding access, and how many of them acknowledged the policies (a perfect policy quiz). */
export async function acknowledgmentCounts(db: Kysely<DB>, organizationId: string) {
  const row = await db
    .selectFrom("workplace_access as a")
    .leftJoin("policy_acknowledgments as p", (join) =>
      join.onRef("p.user_id", "=", "a.user_id").onRef("p.organization_id", "=", "a.organization_id"),
    )
    .select((eb) => [eb.fn.countAll<number>().as("employees"), eb.fn.count<number>("p.user_id").as("acknowledged")])
    .where("a.organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return { employees: Number(row.employees), acknowledged: Number(row.acknowledged) };
}

/** The active policy files with who uploaded them, newest first. */
export async function activePoliciesWithUploader(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("workplace_policy_files as f")
    .leftJoin(people.from(db).as("u"), "u.id", "f.uploaded_by")
    .select(["f.id", "f.file_name", "f.file_size", "f.uploaded_at", "u.username"])
    .where("f.organization_id", "=", organizationId)
    .where("f.is_active", "=", true)
    .orderBy("f.uploaded_at", "desc")
    .orderBy("f.id")
    .execute();
}

/** Takes a policy off the list; returns where its file is, or nothing when it was not active. */
export async function deactivatePolicy(db: Kysely<DB>, organizationId: string, policyId: string) {
  return db
    .updateTable("workplace_policy_files")
    .set({ is_active: false })
    .where("organization_id", "=", organizationId)
    .where("id", "=", policyId)
    .where("is_active", "=", true)
    .returning("storage_key")
    .executeTakeFirst();
}
