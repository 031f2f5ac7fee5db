import type { Kysely } from "kysely";
import type { LegalNameInput, LegalNameState } from "../../../shared/schemas/workplace.js";
import type { DB } from "../../platform/db/schema.js";
import * as repo from "./legal-name-repository.js";

/** The full legal name my certificates carry, if I gave one. */
export async function legalName(db: Kysely<DB>, userId: string): Promise<LegalNameState> {
  return { legalName: await repo.findLegalName(db, userId) };
}

/**
 * Records my legal name (asked when a first certificate is earned, editable
 * later) and puts it on every certificate I hold, in one transaction, so a
 * certificate and its verification page never disagree.
 */
export async function setLegalName(db: Kysely<DB>, userId: string, input: LegalNameInput): Promise<LegalNameState> {
  await db.transaction().execute(async (trx) => {
    await repo.upsertLegalName(trx, userId, input.legalName);
    await repo.renameCertificateHolder(trx, userId, input.legalName);
  });
  return { legalName: input.legalName };
}
