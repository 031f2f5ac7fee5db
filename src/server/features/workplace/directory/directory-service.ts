import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { DirectoryState, DirectoryToken } from "../../../../shared/schemas/workplace.js";
import type { DB } from "../../../platform/db/schema.js";
import { requireOrganizationAccess } from "../../organizations/index.js";
import { AppError } from "../../../kernel/app-error.js";
import { grantAccess, removeEmployee, findAccess } from "../workplace-access-repository.js";
import * as repo from "./directory-repository.js";
import type { DirectoryFields, DirectoryPerson } from "./directory-repository.js";

/*
 * Automatic staff lists (issue 47 §2). The employer's identity provider keeps
 * its staff in Kindly through SCIM (scim-routes.ts); this is what a change
 * means for Kindly:
 * - a person is linked to the Kindly account that verified the same email,
 *   at once if it exists, otherwise the first time that account opens the
 *   workplace area (claimDirectoryAccess). Never two employers: an account
 *   holding another employer's access stays unlinked;
 * - a linked person holds workplace access while active: deactivation or
 *   deletion takes it away in the same transaction, so the next request of
 *   that account is refused;
 * - while the directory is connected, survey participation counts over its
 *   active people (countEmployees in workplace-access-repository.ts).
 */

/** 32 random bytes: the bearer token an identity provider sends. */
const TOKEN_BYTES = 32;
export const tokenHashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const scimBaseUrl = (appUrl: string) => `${appUrl}/scim/v2`;

/** The organisation a provider's bearer token speaks for, or undefined. */
export async function organizationOfBearer(db: Kysely<DB>, header: string | undefined): Promise<string | undefined> {
  const token = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header ?? "")?.[1];
  return token ? repo.organizationOfToken(db, tokenHashOf(token)) : undefined;
}

/** Grants the linked account access while the person is active, and takes it away otherwise. */
async function applyAccess(trx: Transaction<DB>, person: DirectoryPerson): Promise<void> {
  if (!person.user_id) return;
  if (person.active) await grantAccess(trx, person.user_id, person.organization_id);
  else await removeEmployee(trx, person.organization_id, person.user_id);
}

/** Links the person to the account that verified their email, when that account is free to join this employer. */
async function linkByEmail(trx: Transaction<DB>, person: DirectoryPerson): Promise<DirectoryPerson> {
  if (person.user_id || !person.email || !person.active) return person;
  const userId = await repo.accountWithVerifiedEmail(trx, person.email);
  if (!userId) return person;
  const access = await findAccess(trx, userId);
  if (access && access.organizationId !== person.organization_id) return person;
  if (await repo.isLinked(trx, person.organization_id, userId)) return person;
  await repo.linkPerson(trx, person.id, userId);
  return { ...person, user_id: userId };
}

export async function createPerson(db: Kysely<DB>, organizationId: string, fields: DirectoryFields): Promise<DirectoryPerson> {
  return db.transaction().execute(async (trx) => {
    const inserted = await repo.insertPerson(trx, organizationId, randomUUID(), fields);
    if (!inserted) throw new DirectoryConflict(fields.userName);
    const person = await linkByEmail(trx, inserted);
    await applyAccess(trx, person);
    return person;
  });
}

/** A PUT, or the result of a PATCH: every attribute replaced. */
export async function replacePerson(db: Kysely<DB>, organizationId: string, id: string, fields: DirectoryFields): Promise<DirectoryPerson> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.lockPerson(trx, organizationId, id))) throw new DirectoryNotFound(id);
    if (await repo.userNameTaken(trx, organizationId, fields.userName, id)) throw new DirectoryConflict(fields.userName);
    const person = await linkByEmail(trx, await repo.updatePerson(trx, id, fields));
    await applyAccess(trx, person);
    return person;
  });
}

export async function deletePerson(db: Kysely<DB>, organizationId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await repo.deletePerson(trx, organizationId, id);
    if (!removed) throw new DirectoryNotFound(id);
    if (removed.user_id) await removeEmployee(trx, organizationId, removed.user_id);
  });
}

export async function findPerson(db: Kysely<DB>, organizationId: string, id: string): Promise<DirectoryPerson> {
  const person = await repo.findPerson(db, organizationId, id);
  if (!person) throw new DirectoryNotFound(id);
  return person;
}

export const listPeople = repo.listPeople;

/**
 * An account opening the workplace area without access: if an employer's
 * directory lists its verified email, the account is linked and let in.
 */
export async function claimDirectoryAccess(db: Kysely<DB>, userId: string): Promise<boolean> {
  const email = await repo.verifiedEmailOf(db, userId);
  if (!email) return false;
  return db.transaction().execute(async (trx) => {
    const entry = await repo.unlinkedEntryFor(trx, email);
    if (!entry) return false;
    const linked = await linkByEmail(trx, entry);
    if (!linked.user_id) return false;
    await applyAccess(trx, linked);
    return true;
  });
}

/** Whether the employer's connected directory lists this account as deactivated: no sign-on lets it back in. */
export async function directoryWithdrew(trx: Transaction<DB>, organizationId: string, userId: string): Promise<boolean> {
  const entry = await repo.entryForAccount(trx, organizationId, userId);
  return entry !== undefined && !entry.active;
}

/** An account let in another way (single sign-on) is linked to the directory entry listing its verified email. */
export async function linkDirectoryEntry(trx: Transaction<DB>, organizationId: string, userId: string): Promise<void> {
  const entry = await repo.entryForAccount(trx, organizationId, userId);
  if (entry && !entry.user_id && entry.active && !(await repo.isLinked(trx, organizationId, userId)))
    await repo.linkPerson(trx, entry.id, userId);
}

/** The employer's view: whether the directory is connected, when the provider last called, and whom it lists. */
export async function directoryState(db: Kysely<DB>, appUrl: string, userId: string, organizationId: string): Promise<DirectoryState> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  const [token, counts] = await Promise.all([repo.findToken(db, organizationId), repo.countPeople(db, organizationId)]);
  return {
    connected: token !== undefined,
    baseUrl: scimBaseUrl(appUrl),
    createdAt: token ? new Date(token.created_at).toISOString() : null,
    lastUsedAt: token?.last_used_at ? new Date(token.last_used_at).toISOString() : null,
    people: counts,
  };
}

/** A new token, shown once: it replaces the one the provider held. */
export async function createDirectoryToken(
  db: Kysely<DB>,
  appUrl: string,
  userId: string,
  organizationId: string,
): Promise<DirectoryToken> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  await repo.saveToken(db, organizationId, tokenHashOf(token), userId);
  return { token, baseUrl: scimBaseUrl(appUrl) };
}

/** Disconnects the provider: its token stops working; the people it sent and their access stay as they are. */
export async function revokeDirectoryToken(db: Kysely<DB>, userId: string, organizationId: string): Promise<void> {
  await requireOrganizationAccess(db, userId, organizationId, "manage");
  if (!(await repo.deleteToken(db, organizationId))) throw new AppError("not_found");
}

/** A SCIM refusal, answered in SCIM's own error shape by scim-routes.ts. */
export class DirectoryError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: string | null,
    message: string,
  ) {
    super(message);
  }
}
class DirectoryNotFound extends DirectoryError {
  constructor(id: string) {
    super(404, null, `Resource ${id} not found`);
  }
}
class DirectoryConflict extends DirectoryError {
  constructor(userName: string) {
    super(409, "uniqueness", `userName ${JSON.stringify(userName)} is already in use in this directory`);
  }
}
