import type { Kysely } from "kysely";
import type { SignatoryInput, SignatoryState } from "../../../shared/schemas/workplace.js";
import type { DB } from "../../platform/db/schema.js";
import { requireOrganizationAccess, setCertificateSignatory } from "../organizations/index.js";
import * as repo from "./signatory-repository.js";

/** Who signs the organisation's certificates: its owners and admins see and set it (settings). */
export async function signatory(db: Kysely<DB>, userId: string, organizationId: string): Promise<SignatoryState> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  return { signatory: await repo.findSignatory(db, organizationId) };
}

/** Names the signatory; certificates issued before keep the one they were issued with. */
export async function setSignatory(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  input: SignatoryInput | null,
): Promise<SignatoryState> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  await setCertificateSignatory(db, organizationId, input);
  return { signatory: input };
}
