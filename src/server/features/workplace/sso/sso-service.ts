import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { Language } from "../../../../shared/i18n/languages.js";
import { SSO_PENDING_MINUTES } from "../../../../shared/constants.js";
import type { SsoSettings, SsoSettingsInput } from "../../../../shared/schemas/workplace.js";
import type { DB } from "../../../platform/db/schema.js";
import type { SecretBox } from "../../../platform/secrets/secret-box.js";
import type { OutboundClient } from "../../../platform/net/outbound-client.js";
import type { SendAccountEmail } from "../../../platform/mail/email-cooldown.js";
import { AppError } from "../../../kernel/app-error.js";
import { requireOrganizationAccess } from "../../organizations/index.js";
import { startSession, type Auth } from "../../sessions/index.js";
import { recordSignIn } from "../../users/index.js";
import { directoryWithdrew, linkDirectoryEntry } from "../directory/directory-service.js";
import { findAccess, grantAccess } from "../workplace-access-repository.js";
import {
  AnswerRefused,
  authorizationRequest,
  completeAuthorization,
  providerConfiguration,
  ProviderRefused,
  ProviderUnavailable,
} from "./oidc-client.js";
import { bindBrowser, isBoundBrowser } from "./browser-binding.js";
import * as repo from "./sso-repository.js";

/*
 * Employer single sign-on (issue 47 §1). An employer names its OpenID
 * Connect provider; its employees start at /api/sso/{organisation}/start and
 * come back to /api/sso/callback, signed in and in the workplace area.
 *
 * A provider's subject is linked to one Kindly account per organisation, and
 * never by an email alone: when the address belongs to a Kindly account, its
 * owner enters its password to link it; otherwise the person chooses a
 * username and accepts the terms to create one (first-sign-in-service.ts).
 * The provider's answer waits (sso_pending) behind a token and the cookie of
 * the browser that started (browser-binding.ts).
 */

export interface SsoDeps {
  db: Kysely<DB>;
  auth: Auth;
  secretBox: SecretBox;
  appUrl: string;
  /** Every request to the provider goes out through it (no private address, no redirect). */
  outbound: OutboundClient;
  sendAccountEmail: SendAccountEmail;
}

const SECRET_PURPOSE = "oidc client secret";
const LOGIN_MINUTES = 10;
export const CALLBACK_PATH = "/api/sso/callback";
/** Where an employer's employees start signing in. */
export const signInPath = (organizationId: string) => `/api/sso/${organizationId}/start`;
export const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
/** Where the workplace area opens, and where a sign-in that could not finish says why. */
export const WORKPLACE_PATH = "/workplace-wellbeing";
export const continuePath = (query: Record<string, string>) => `/sso/continue?${new URLSearchParams(query)}`;

export function providerOf(box: SecretBox, row: { issuer: string; client_id: string; client_secret_sealed: string }) {
  const clientSecret = box.open(SECRET_PURPOSE, row.client_secret_sealed);
  // Sealed under another server secret (AUTH_SECRET changed): the employer must enter it again.
  if (clientSecret === null) throw new AppError("sso_not_configured");
  return { issuer: row.issuer, clientId: row.client_id, clientSecret };
}

// The employer's settings.

export async function ssoSettings(deps: SsoDeps, userId: string, organizationId: string): Promise<SsoSettings> {
  await requireOrganizationAccess(deps.db, userId, organizationId, "manage");
  const row = await repo.findConfiguration(deps.db, organizationId);
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? null,
    clientId: row?.client_id ?? null,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
    redirectUri: `${deps.appUrl}${CALLBACK_PATH}`,
    signInUrl: `${deps.appUrl}${signInPath(organizationId)}`,
  };
}

/** Saved only once the provider answers discovery with these settings; a secret left out keeps the saved one. */
export async function saveSsoSettings(
  deps: SsoDeps,
  userId: string,
  organizationId: string,
  input: SsoSettingsInput,
): Promise<SsoSettings> {
  await requireOrganizationAccess(deps.db, userId, organizationId, "manage");
  const saved = await repo.findConfiguration(deps.db, organizationId);
  const clientSecret = input.clientSecret ?? (saved ? deps.secretBox.open(SECRET_PURPOSE, saved.client_secret_sealed) : null);
  if (!clientSecret) throw new AppError("invalid_input", { field: "clientSecret", messageKey: "validation.required" });
  try {
    await providerConfiguration({ issuer: input.issuer, clientId: input.clientId, clientSecret }, deps.outbound);
  } catch (error) {
    if (error instanceof ProviderRefused) throw new AppError("sso_issuer_refused", { field: "issuer" });
    if (error instanceof ProviderUnavailable) throw new AppError("sso_discovery_failed", { field: "issuer" });
    throw error;
  }
  await repo.saveConfiguration(deps.db, {
    organizationId,
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecretSealed: deps.secretBox.seal(SECRET_PURPOSE, clientSecret),
    updatedBy: userId,
  });
  return ssoSettings(deps, userId, organizationId);
}

export async function removeSsoSettings(deps: SsoDeps, userId: string, organizationId: string): Promise<void> {
  await requireOrganizationAccess(deps.db, userId, organizationId, "manage");
  if (!(await repo.deleteConfiguration(deps.db, organizationId))) throw new AppError("not_found");
}

// The employee's sign-in.

/** The provider's address to send the browser to, with this sign-in's state kept for its answer and the browser bound to it. */
export async function startSignIn(deps: SsoDeps, reply: FastifyReply, organizationId: string, language: Language): Promise<string> {
  const target = await repo.findSignInTarget(deps.db, organizationId);
  if (!target) throw new AppError("sso_not_configured");
  let request;
  try {
    request = await authorizationRequest(
      await providerConfiguration(providerOf(deps.secretBox, target), deps.outbound),
      `${deps.appUrl}${CALLBACK_PATH}`,
      language,
    );
  } catch (error) {
    if (error instanceof ProviderRefused) throw new AppError("sso_issuer_refused");
    if (error instanceof ProviderUnavailable) throw new AppError("sso_provider_unavailable", { retryAfterSeconds: 30 });
    throw error;
  }
  await repo.insertLogin(deps.db, {
    stateHash: hashOf(request.state),
    organizationId,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
    expiresAt: minutesFromNow(LOGIN_MINUTES),
    // The cookie outlives the sign-in and the first-sign-in page after it.
    browserHash: bindBrowser(reply, deps.appUrl, (LOGIN_MINUTES + SSO_PENDING_MINUTES) * 60),
  });
  return request.url.href;
}

/** Lets the account into this employer's area, unless it belongs to another employer or the directory withdrew it. */
export async function admit(trx: Transaction<DB>, organizationId: string, userId: string): Promise<void> {
  const access = await findAccess(trx, userId);
  if (access && access.organizationId !== organizationId) throw new AppError("sso_other_employer");
  if (await directoryWithdrew(trx, organizationId, userId)) throw new AppError("sso_access_withdrawn");
  await grantAccess(trx, userId, organizationId);
  await linkDirectoryEntry(trx, organizationId, userId);
}

/**
 * The provider's answer. Returns where the browser goes next: the workplace
 * area (signed in), the page that finishes a first sign-in, or that page
 * with the reason it could not finish. Never a session without a checked ID
 * token, and never in a browser other than the one that started.
 */
export async function finishSignIn(deps: SsoDeps, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const callbackUrl = new URL(request.url, deps.appUrl);
  const state = callbackUrl.searchParams.get("state");
  const started = state ? await repo.findLogin(deps.db, hashOf(state)) : undefined;
  if (!started) return continuePath({ error: "sso_sign_in_expired" });
  if (!isBoundBrowser(request, deps.appUrl, started.browser_hash)) return continuePath({ error: "sso_other_browser" });
  const login = await repo.takeLogin(deps.db, hashOf(state!));
  if (!login) return continuePath({ error: "sso_sign_in_expired" });
  const target = await repo.findSignInTarget(deps.db, login.organization_id);
  if (!target) return continuePath({ error: "sso_not_configured" });
  let identity;
  try {
    const config = await providerConfiguration(providerOf(deps.secretBox, target), deps.outbound);
    identity = await completeAuthorization(config, callbackUrl, { state: state!, nonce: login.nonce, codeVerifier: login.code_verifier });
  } catch (error) {
    if (error instanceof AnswerRefused) return continuePath({ error: "sso_answer_refused" });
    if (error instanceof ProviderRefused) return continuePath({ error: "sso_issuer_refused" });
    if (error instanceof ProviderUnavailable) return continuePath({ error: "sso_provider_unavailable" });
    throw error;
  }
  const organizationId = login.organization_id;
  const linked = await repo.findIdentity(deps.db, organizationId, identity.subject);
  if (linked) {
    try {
      await deps.db.transaction().execute((trx) => admit(trx, organizationId, linked));
    } catch (error) {
      if (error instanceof AppError) return continuePath({ error: error.code });
      throw error;
    }
    await signIn(deps, reply, linked, request.headers["user-agent"]);
    return WORKPLACE_PATH;
  }
  if (!identity.email) return continuePath({ error: "sso_email_missing" });
  const token = randomBytes(32).toString("base64url");
  await repo.insertPending(deps.db, {
    tokenHash: hashOf(token),
    organizationId,
    subject: identity.subject,
    email: identity.email,
    emailVerified: identity.emailVerified,
    name: identity.name,
    expiresAt: minutesFromNow(SSO_PENDING_MINUTES),
    browserHash: login.browser_hash,
  });
  return continuePath({ token });
}

export async function signIn(deps: SsoDeps, reply: FastifyReply, userId: string, userAgent: string | undefined): Promise<void> {
  try {
    await startSession(deps.auth, reply, userId, userAgent);
  } catch {
    // The session hooks refuse a suspended or deleted account.
    throw new AppError("forbidden");
  }
  await recordSignIn(deps.db, userId);
}
