import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";

/** The employer's active policy files, newest first. */
export async function activePolicies(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("workplace_policy_files")
    .select(["id", "file_name", "file_size", "uploaded_at"])
    .where("organization_id", "=", organizationId)
    .where("is_active", "=", true)
    .orderBy("uploaded_at", "desc")
    .orderBy("id")
    .execute();
}

export async function findActivePolicy(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("workplace_policy_files")
    .select(["storage_key", "file_name"])
    .where("id", "=", id)
    .where("is_active", "=", true)
    .executeTakeFirst();
}

/** Records a stored policy file (the employer's upload screen, the demo data and tests). */
export async function insertPolicy(
  db: Kysely<DB>,
  values: { id: string; organizationId: string; fileName: string; storageKey: string; size: number; uploadedBy: string | null },
): Promise<void> {
  await db
    .insertInto("workplace_policy_files")
    .values({
      id: values.id,
      organization_id: values.organizationId,
      file_name: values.fileName,
      storage_key: values.storageKey,
      file_size: values.size,
      uploaded_by: values.uploadedBy,
    })
    .execute();
}
