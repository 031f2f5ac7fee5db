import { EMAILS } from "../emails.js";
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { SSO_PENDING_MINUTES, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from "../../../../shared/constants.js";
import { languageFromTag, type Language } from "../../../../shared/i18n/languages.js";
import type { SsoAccountResult, SsoPendingState } from "../../../../shared/schemas/workplace.js";
import type { DB } from "../../../platform/db/schema.js";
import { accountEmail } from "../../../platform/mail/account-emails.js";
import { AppError } from "../../../kernel/app-error.js";
import { checkIdentityAccountFree, createAccountForIdentity } from "../../auth/index.js";
import { passwordMatches } from "../../sessions/index.js";
import { findUserByEmail } from "../../users/index.js";
import { isBoundBrowser, releaseBrowser } from "./browser-binding.js";
import { providerVouchesFor } from "./email-domains-service.js";
import { admit, hashOf, signIn, type SsoDeps } from "./sso-service.js";
import * as repo from "./sso-repository.js";

/*
 * A first sign-in with an employer's provider (issue 47 §1, issue 58 §1):
 * the provider's answer waits behind a token, in the browser that started.
 *
 * What the provider says of the address is a claim. It counts only where
 * the employer proved it owns the domain (email-domains-service.ts);
 * anywhere else Kindly mails a link to the address and makes the account
 * only when it is opened in the same browser — so no provider can plant an
 * account on an address it does not control, for its real owner to find
 * later (the "pre-hijacked account" of Sudhodanan & Paverd, 2022). An
 * account that already holds the address is linked only by its owner's
 * password, entered here: never by an email alone, nor by a session left open.
 */

async function pendingOf(deps: SsoDeps, request: FastifyRequest, token: string) {
  const pending = await repo.findPending(deps.db, hashOf(token));
  if (!pending) throw new AppError("sso_sign_in_expired");
  if (!isBoundBrowser(request, deps.appUrl, pending.browser_hash)) throw new AppError("sso_other_browser");
  return pending;
}

/** A username to offer: the provider's name or the address's local part, in the letters and digits usernames allow. */
function suggestedUsername(name: string | null, email: string): string {
  const base = (name ?? email.split("@")[0]!)
    .normalize("NFD")
    .replace(/[^A-Za-z0-9]/g, "")
    .replace(/^kindly/i, "")
    .slice(0, USERNAME_MAX_LENGTH);
  return base.length >= USERNAME_MIN_LENGTH ? base : `${base}${randomBytes(3).toString("hex")}`.slice(0, USERNAME_MAX_LENGTH);
}

const vouched = async (db: Kysely<DB>, pending: { email_verified: boolean; organization_id: string; email: string }) =>
  pending.email_verified && (await providerVouchesFor(db, pending.organization_id, pending.email));

/** What the page finishing a first sign-in shows: whose provider, which address, whether a Kindly account holds it. */
export async function pendingSignIn(deps: SsoDeps, request: FastifyRequest, token: string): Promise<SsoPendingState> {
  const pending = await pendingOf(deps, request, token);
  return {
    employerName: pending.employer_name,
    email: pending.email,
    accountExists: (await findUserByEmail(deps.db, pending.email)) !== undefined,
    suggestedUsername: pending.username ?? suggestedUsername(pending.display_name, pending.email),
    needsConfirmation: !(await vouched(deps.db, pending)),
    confirmationSent: pending.confirm_hash !== null,
  };
}

/** The owner of the Kindly account holding the address proves it with its password; the identity is linked and they are signed in. */
export async function linkPendingToAccount(
  deps: SsoDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  password: string,
): Promise<void> {
  const pending = await pendingOf(deps, request, token);
  const account = await findUserByEmail(deps.db, pending.email);
  if (!account || !(await passwordMatches(deps.auth, account.id, password))) {
    throw new AppError("wrong_current_password", { field: "password" });
  }
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deletePending(trx, hashOf(token)))) throw new AppError("sso_sign_in_expired");
    if (!(await repo.insertIdentity(trx, pending.organization_id, pending.subject, account.id))) throw new AppError("sso_email_mismatch");
    await admit(trx, pending.organization_id, account.id);
  });
  await signIn(deps, reply, account.id, request.headers["user-agent"]);
  releaseBrowser(reply, deps.appUrl);
}

async function createAccount(
  deps: SsoDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  pending: { organization_id: string; subject: string; email: string },
  username: string,
  language: Language,
): Promise<void> {
  // The address is proven (a verified domain, or the link mailed to it): the account's email is confirmed.
  const userId = await createAccountForIdentity(deps.db, deps.auth, { username, email: pending.email, emailVerified: true, language });
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deletePending(trx, hashOf(token)))) throw new AppError("sso_sign_in_expired");
    await repo.insertIdentity(trx, pending.organization_id, pending.subject, userId);
    await admit(trx, pending.organization_id, userId);
  });
  await signIn(deps, reply, userId, request.headers["user-agent"]);
  releaseBrowser(reply, deps.appUrl);
}

/**
 * A new Kindly account for the person: made and signed in at once when the
 * employer's verified domain vouches for the address; otherwise the
 * username waits and a link goes to the address.
 */
export async function createPendingAccount(
  deps: SsoDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  username: string,
  language: Language,
): Promise<SsoAccountResult> {
  const pending = await pendingOf(deps, request, token);
  if (await vouched(deps.db, pending)) {
    await createAccount(deps, request, reply, token, pending, username, language);
    return { status: "signed_in" };
  }
  // The checks account creation makes, made now so that the link mailed does not lead to a refusal.
  await checkIdentityAccountFree(deps.db, username, pending.email);
  const code = randomBytes(32).toString("base64url");
  await repo.awaitConfirmation(deps.db, hashOf(token), { username, language, confirmHash: hashOf(code) });
  const link = `${deps.appUrl}/sso/continue?${new URLSearchParams({ token, confirm: code })}`;
  await deps.sendAccountEmail(
    "sso-confirm",
    accountEmail(
      EMAILS.ssoConfirmEmail,
      language,
      pending.email,
      { employer: pending.employer_name, minutes: String(SSO_PENDING_MINUTES) },
      link,
    ),
  );
  return { status: "confirmation_sent" };
}

/** The link mailed to the address, opened in the browser that started: the account is made with the username chosen. */
export async function confirmPendingAccount(
  deps: SsoDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  code: string,
): Promise<void> {
  const pending = await pendingOf(deps, request, token);
  if (!pending.confirm_hash || pending.confirm_hash !== hashOf(code) || !pending.username) throw new AppError("sso_sign_in_expired");
  await createAccount(deps, request, reply, token, pending, pending.username, languageFromTag(pending.language));
}
