import type { Kysely } from "kysely";
import type { LegalNameInput, LegalNameState } from "../../../shared/schemas/workplace.js";
import type { DB } from "../../platform/db/schema.js";
import * as repo from "./legal-name-repository.js";
import { nameUnnamedCertificates, reissueUnderName } from "./certificates-repository.js";
import { randomBytes, randomUUID } from "node:crypto";
import { certificateCodeFrom } from "../../../shared/workplace/certificate-code.js";

/** The full legal name my certificates carry, if I gave one. */
export async function legalName(db: Kysely<DB>, userId: string): Promise<LegalNameState> {
  return { legalName: await repo.findLegalName(db, userId) };
}

/**
 * Records my legal name (asked when a first certificate is earned, editable
 * later), in one transaction with my certificates, so a certificate and its
 * verification page never disagree. A certificate vouches for the name it was
 * issued to (issue 46 §1):
 * - the first name I give is the one my certificates are issued to: one
 *   earned before it (which could not be downloaded without it) takes it;
 * - a later change issues a new version of each (a new code) under the new
 *   name, and the old one stays verifiable, superseded by it, naming me as I
 *   was named then.
 */
export async function setLegalName(db: Kysely<DB>, userId: string, input: LegalNameInput, now = new Date()): Promise<LegalNameState> {
  await db.transaction().execute(async (trx) => {
    const previous = await repo.lockLegalName(trx, userId);
    await repo.upsertLegalName(trx, userId, input.legalName);
    if (previous === null) await nameUnnamedCertificates(trx, userId, input.legalName);
    else
      await reissueUnderName(trx, userId, input.legalName, () => ({ id: randomUUID(), code: certificateCodeFrom(randomBytes(11)) }), now);
  });
  return { legalName: input.legalName };
}
