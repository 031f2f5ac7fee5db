import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import type { LinkSigner } from "../../platform/storage/signed-links.js";
import * as repo from "./policies-repository.js";
import type { Employee } from "./workplace-access-service.js";

/** A signed policy link opens the file for one hour (the spec's 3,600 seconds). */
export const POLICY_LINK_SECONDS = 3600;
export const policyFilePath = (id: string) => `/api/workplace/policy-files/${id}`;

export async function listPolicies(db: Kysely<DB>, signer: LinkSigner, employee: Employee) {
  const rows = await repo.activePolicies(db, employee.organizationId);
  return {
    policies: rows.map((row) => ({
      id: row.id,
      fileName: row.file_name,
      size: row.file_size,
      uploadedAt: new Date(row.uploaded_at).toISOString(),
      url: signer.sign(policyFilePath(row.id), POLICY_LINK_SECONDS),
    })),
  };
}

/** The file behind a signed link: a wrong, tampered or expired signature is a 404, like a file that is gone. */
export async function policyFile(
  db: Kysely<DB>,
  storage: FileStorage,
  signer: LinkSigner,
  id: string,
  link: { expires: number; signature: string },
): Promise<{ body: Buffer; fileName: string }> {
  if (!signer.verify(policyFilePath(id), link.expires, link.signature)) throw new AppError("not_found");
  const row = await repo.findActivePolicy(db, id);
  const body = row ? await storage.get(row.storage_key) : null;
  if (!row || !body) throw new AppError("not_found");
  return { body, fileName: row.file_name };
}
