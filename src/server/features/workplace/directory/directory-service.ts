import { EMAILS } from "../emails.js";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { DirectoryState, DirectoryToken } from "../../../../shared/schemas/workplace.js";
import type { DB } from "../../../platform/db/schema.js";
import { requireOrganizationAccess } from "../../organizations/index.js";
import { AppError } from "../../../kernel/app-error.js";
import { grantAccess, removeEmployee, findAccess } from "../workplace-access-repository.js";
import * as repo from "./directory-repository.js";
import { accountEmail } from "../../../platform/mail/account-emails.js";
import type { SendAccountEmail } from "../../../platform/mail/email-cooldown.js";
import { languageFromTag, type Language } from "../../../../shared/i18n/languages.js";
import { findMailingDetails } from "../../users/index.js";
import type { DirectoryFields, DirectoryPerson } from "./directory-repository.js";

/*
 * Automatic staff lists (issue 47 §2). The employer's identity provider keeps
 * its staff in Kindly through SCIM (scim-routes.ts); this is what a change
 * means for Kindly:
 * - a directory proposes, the person accepts (issue 58 §3): an entry whose
 *   email a Kindly account verified is never linked on the provider's word.
 *   The account's owner is mailed once and sees the invitation in the
 *   workplace area; the link is made on their yes (acceptInvitation). An
 *   account in another employer's area is never invited nor moved. SCIM's
 *   answers are the same whether or not the address has an account;
 * - a linked person holds workplace access while active: deactivation or
 *   deletion takes it away in the same transaction, so the next request of
 *   that account is refused;
 * - while the directory is connected, survey participation counts over its
 *   active people (countEmployees in workplace-access-repository.ts).
 */

/** 32 random bytes: the bearer token an identity provider sends. */
const TOKEN_BYTES = 32;
export const tokenHashOf = (token: string) => createHash("sha256").update(token).digest("hex");
export const scimBaseUrl = (appUrl: string) => `${appUrl}/scim/v2`;

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

/**
 * What an entry means for the account that verified its email: already in
 * this employer's area (by a code, by sign-on) → linked, nothing changes for
 * them; in another employer's area → nothing (never moved); in none → asked
 * once (an invitation), linked only on their yes.
 */
async function linkOrInvite(trx: Transaction<DB>, person: DirectoryPerson): Promise<DirectoryChange> {
  const none = { person, invite: null };
  if (person.user_id || !person.email || !person.active || person.declined_at) return none;
  const userId = await repo.accountWithVerifiedEmail(trx, person.email);
  if (!userId || (await repo.isLinked(trx, person.organization_id, userId))) return none;
  const access = await findAccess(trx, userId);
  if (access?.organizationId === person.organization_id) {
    await repo.linkPerson(trx, person.id, userId);
    return { person: { ...person, user_id: userId }, invite: null };
  }
  if (access || person.invited_at) return none;
  await repo.markInvited(trx, person.id);
  return { person, invite: { userId, employerName: await repo.organizationName(trx, person.organization_id) } };
}

/** What a change asks of Kindly after its transaction: an invitation to mail, or nothing. */
export interface DirectoryChange {
  person: DirectoryPerson;
  invite: { userId: string; employerName: string } | null;
}

async function afterChange(trx: Transaction<DB>, changed: DirectoryPerson): Promise<DirectoryChange> {
  const change = await linkOrInvite(trx, changed);
  await applyAccess(trx, change.person);
  return change;
}

export async function createPerson(db: Kysely<DB>, organizationId: string, fields: DirectoryFields): Promise<DirectoryChange> {
  return db.transaction().execute(async (trx) => {
    const inserted = await repo.insertPerson(trx, organizationId, randomUUID(), fields);
    if (!inserted) throw new DirectoryConflict(fields.userName);
    return afterChange(trx, inserted);
  });
}

/** A PUT, or the result of a PATCH: every attribute replaced (a new address may be invited anew). */
export async function replacePerson(db: Kysely<DB>, organizationId: string, id: string, fields: DirectoryFields): Promise<DirectoryChange> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.lockPerson(trx, organizationId, id);
    if (!before) throw new DirectoryNotFound(id);
    if (await repo.userNameTaken(trx, organizationId, fields.userName, id)) throw new DirectoryConflict(fields.userName);
    const emailChanged = (before.email ?? "").toLowerCase() !== (fields.email ?? "").toLowerCase();
    return afterChange(trx, await repo.updatePerson(trx, id, fields, { resetInvitation: emailChanged && !before.user_id }));
  });
}

/** The mail asking the account's owner whether the entry is them (sent once per address, after the change committed). */
export async function mailInvitation(
  deps: { db: Kysely<DB>; sendAccountEmail: SendAccountEmail; appUrl: string },
  invite: { userId: string; employerName: string },
): Promise<void> {
  const to = await findMailingDetails(deps.db, invite.userId);
  if (!to) return;
  await deps.sendAccountEmail(
    "directory-invitation",
    directoryInvitationEmail(languageFromTag(to.language_preference), to, invite.employerName, deps.appUrl),
  );
}

/** The directory's invitation as its person reads it (sent above, previewed by the employer). */
export function directoryInvitationEmail(language: Language, to: { email: string; username: string }, employer: string, appUrl: string) {
  return accountEmail(EMAILS.directoryInvitation, language, to.email, { username: to.username, employer }, `${appUrl}/workplace-wellbeing`);
}

/** An invitation the workplace area shows its person: which employer's directory lists their verified address. */
export async function pendingInvitation(db: Kysely<DB>, userId: string): Promise<{ id: string; employerName: string } | null> {
  const email = await repo.verifiedEmailOf(db, userId);
  if (!email) return null;
  const entry = await repo.invitationFor(db, email);
  return entry ? { id: entry.id, employerName: entry.employer_name } : null;
}

/** The person says yes: the entry is linked to their account and the area opens, unless another employer's already has. */
export async function acceptInvitation(db: Kysely<DB>, userId: string, entryId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const email = await repo.verifiedEmailOf(trx, userId);
    const entry = email ? await repo.lockInvitation(trx, email, entryId) : undefined;
    if (!entry) throw new AppError("not_found");
    if (await findAccess(trx, userId)) throw new AppError("workplace_already_unlocked");
    if (await repo.isLinked(trx, entry.organization_id, userId)) throw new AppError("not_found");
    await repo.linkPerson(trx, entry.id, userId);
    await applyAccess(trx, { ...entry, user_id: userId });
  });
}

/** The person says the entry is not them: it is never proposed to them again. */
export async function declineInvitation(db: Kysely<DB>, userId: string, entryId: string): Promise<void> {
  const email = await repo.verifiedEmailOf(db, userId);
  if (!email || !(await repo.declineInvitation(db, email, entryId))) throw new AppError("not_found");
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
