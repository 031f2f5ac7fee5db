import type { Kysely } from "kysely";
import { CONSENT_DOCUMENTS, CONSENT_VERSIONS, type ConsentDocument } from "../../../shared/constants.js";
import { isForeignKeyViolation } from "../../platform/db/errors.js";
import type { DB } from "../../platform/db/schema.js";

/**
 * Records that the person accepted the current version of each document (again accepting one changes nothing).
 * An account gone meanwhile records nothing: a never-confirmed one gives way to a later sign-up for its address
 * (auth-routes.ts) between its creation and this.
 */
export async function recordConsents(
  db: Kysely<DB>,
  userId: string,
  documents: readonly ConsentDocument[] = CONSENT_DOCUMENTS,
): Promise<void> {
  if (documents.length === 0) return;
  try {
    await db
      .insertInto("consents")
      .values(documents.map((document) => ({ user_id: userId, document, version: CONSENT_VERSIONS[document] })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
}

/** The documents whose current version the person has not accepted yet (the app asks, once). */
export async function consentsNeeded(db: Kysely<DB>, userId: string): Promise<ConsentDocument[]> {
  const accepted = await db
    .selectFrom("consents")
    .select("document")
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or(CONSENT_DOCUMENTS.map((document) => eb.and([eb("document", "=", document), eb("version", "=", CONSENT_VERSIONS[document])]))),
    )
    .execute();
  const done = new Set(accepted.map((row) => row.document));
  return CONSENT_DOCUMENTS.filter((document) => !done.has(document));
}

/** Every acceptance on record, oldest first (the export's "consents" part). */
export async function consentHistory(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("consents")
    .select(["document", "version", "accepted_at"])
    .where("user_id", "=", userId)
    .orderBy("accepted_at")
    .orderBy("document")
    .execute();
}
