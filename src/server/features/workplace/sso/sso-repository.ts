import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { publishedOrganizations } from "../../organizations/read-models.js";

type Reader = Kysely<DB> | Transaction<DB>;

export async function findConfiguration(db: Reader, organizationId: string) {
  return db
    .selectFrom("sso_configurations")
    .select(["issuer", "client_id", "client_secret_sealed", "updated_at"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
}

/** The configuration with the name of a published organisation: what a sign-in starts from. */
export async function findSignInTarget(db: Reader, organizationId: string) {
  return db
    .selectFrom("sso_configurations as c")
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "c.organization_id")
    .select(["c.issuer", "c.client_id", "c.client_secret_sealed", "o.name"])
    .where("c.organization_id", "=", organizationId)
    .executeTakeFirst();
}

export async function saveConfiguration(
  db: Kysely<DB>,
  values: { organizationId: string; issuer: string; clientId: string; clientSecretSealed: string; updatedBy: string },
): Promise<void> {
  const row = {
    issuer: values.issuer,
    client_id: values.clientId,
    client_secret_sealed: values.clientSecretSealed,
    updated_by: values.updatedBy,
  };
  await db
    .insertInto("sso_configurations")
    .values({ organization_id: values.organizationId, ...row })
    .onConflict((oc) => oc.column("organization_id").doUpdateSet({ ...row, updated_at: sql`now()` }))
    .execute();
}

/** Removing the provider ends its sign-ins in flight; the identities stay (a provider set up again finds its people). */
export async function deleteConfiguration(db: Kysely<DB>, organizationId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("sso_logins").where("organization_id", "=", organizationId).execute();
    await trx.deleteFrom("sso_pending").where("organization_id", "=", organizationId).execute();
    const result = await trx.deleteFrom("sso_configurations").where("organization_id", "=", organizationId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}

export async function insertLogin(
  db: Kysely<DB>,
  values: { stateHash: string; organizationId: string; codeVerifier: string; nonce: string; expiresAt: Date; browserHash: string },
): Promise<void> {
  await db
    .insertInto("sso_logins")
    .values({
      state_hash: values.stateHash,
      organization_id: values.organizationId,
      code_verifier: values.codeVerifier,
      nonce: values.nonce,
      expires_at: values.expiresAt,
      browser_hash: values.browserHash,
    })
    .execute();
}

/** The sign-in its state names, still open, without taking it (its browser is checked first). */
export async function findLogin(db: Kysely<DB>, stateHash: string) {
  return db
    .selectFrom("sso_logins")
    .select(["browser_hash"])
    .where("state_hash", "=", stateHash)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
}

/** Takes the sign-in its state names, once: a second answer with the same state finds nothing. */
export async function takeLogin(db: Kysely<DB>, stateHash: string) {
  return db
    .deleteFrom("sso_logins")
    .where("state_hash", "=", stateHash)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning(["organization_id", "code_verifier", "nonce", "browser_hash"])
    .executeTakeFirst();
}

export async function findIdentity(db: Reader, organizationId: string, subject: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("sso_identities")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("subject", "=", subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** False when the subject or the account is already linked in this organisation. */
export async function insertIdentity(trx: Transaction<DB>, organizationId: string, subject: string, userId: string): Promise<boolean> {
  const row = await trx
    .insertInto("sso_identities")
    .values({ organization_id: organizationId, subject, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPending(
  db: Kysely<DB>,
  values: {
    tokenHash: string;
    organizationId: string;
    subject: string;
    email: string;
    emailVerified: boolean;
    name: string | null;
    expiresAt: Date;
    browserHash: string;
  },
): Promise<void> {
  await db
    .insertInto("sso_pending")
    .values({
      token_hash: values.tokenHash,
      organization_id: values.organizationId,
      subject: values.subject,
      email: values.email,
      email_verified: values.emailVerified,
      display_name: values.name,
      expires_at: values.expiresAt,
      browser_hash: values.browserHash,
    })
    .execute();
}

export async function findPending(db: Reader, tokenHash: string) {
  return db
    .selectFrom("sso_pending as p")
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "p.organization_id")
    .select([
      "p.organization_id",
      "p.subject",
      "p.email",
      "p.email_verified",
      "p.display_name",
      "p.browser_hash",
      "p.username",
      "p.language",
      "p.confirm_hash",
      "o.name as employer_name",
    ])
    .where("p.token_hash", "=", tokenHash)
    .where("p.expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
}

/** The username chosen and the hash of the code mailed to the address, while the person opens the link. */
export async function awaitConfirmation(
  db: Kysely<DB>,
  tokenHash: string,
  values: { username: string; language: string; confirmHash: string },
): Promise<void> {
  await db
    .updateTable("sso_pending")
    .set({ username: values.username, language: values.language, confirm_hash: values.confirmHash })
    .where("token_hash", "=", tokenHash)
    .execute();
}

/** The employers' sign-ins linked to an account, with the employer's name. */
export async function identitiesOf(db: Reader, userId: string) {
  return db
    .selectFrom("sso_identities as i")
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "i.organization_id")
    .select(["i.organization_id", "o.name as employer_name", "i.created_at"])
    .where("i.user_id", "=", userId)
    .orderBy("i.created_at")
    .execute();
}

export async function deleteIdentity(db: Reader, userId: string, organizationId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("sso_identities")
    .where("user_id", "=", userId)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deletePending(trx: Reader, tokenHash: string): Promise<boolean> {
  const result = await trx.deleteFrom("sso_pending").where("token_hash", "=", tokenHash).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Sign-ins that never came back and first sign-ins never finished (their email
 * and name from the provider) once their minutes are over: housekeeping's
 * retention (workplace/personal-data.ts). Reads already ignore expired rows.
 */
export async function forgetExpiredSignIns(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom("sso_logins").where("expires_at", "<", now).execute();
  await db.deleteFrom("sso_pending").where("expires_at", "<", now).execute();
}
