import type * as Oidc from "openid-client";
import { LANGUAGE_DETAILS, LANGUAGES, type Language } from "../../../../shared/i18n/languages.js";
import { OutboundRefused, type OutboundClient } from "../../../platform/net/outbound-client.js";

/*
 * The OpenID Connect relying party (issue 47 §1), by openid-client: the
 * provider's metadata by discovery, the authorization code flow with PKCE,
 * state and nonce, and the ID token checked (signature by the provider's
 * keys, issuer, audience, expiry, nonce) before Kindly reads a claim.
 * Loaded on the first sign-in, not at start: most deployments never use it.
 */
const openidClient = () => import("openid-client");

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Discovery is cached a while per provider and client: one sign-in costs the token request, not a metadata fetch too. */
const CACHE_MS = 10 * 60_000;
const TIMEOUT_SECONDS = 10;
const cache = new Map<string, { at: number; config: Promise<Oidc.Configuration> }>();

/** The provider could not be reached or answered nonsense: the person may try again later. */
export class ProviderUnavailable extends Error {}
/** The provider's address (or one of its endpoints') is one Kindly does not connect to: private, loopback, metadata… */
export class ProviderRefused extends Error {}

/** Whether an error, or what it wraps, is the outbound client's refusal. */
function refusal(error: unknown): OutboundRefused | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof OutboundRefused) return cause;
  return null;
}

/**
 * Every request to the provider (discovery, keys, token, UserInfo) goes
 * through Kindly's outbound client: an employer's issuer URL is an address
 * someone typed. Plain HTTP is asked for only by the settings schema's
 * loopback addresses, which the outbound client refuses unless the operator
 * opened them (OUTBOUND_ALLOW, for development and tests).
 */
export async function providerConfiguration(settings: ProviderSettings, outbound: OutboundClient): Promise<Oidc.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.config;
  const issuer = new URL(settings.issuer);
  // Cached as one promise before any await: sign-ins at the same moment share one discovery.
  const config = openidClient()
    .then((oidc) =>
      oidc.discovery(issuer, settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
        timeout: TIMEOUT_SECONDS,
        [oidc.customFetch]: outbound.fetch as Oidc.CustomFetch,
        ...(issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : {}),
      }),
    )
    .catch((error: unknown) => {
      cache.delete(key);
      const refused = refusal(error);
      if (refused) throw new ProviderRefused(refused.reason);
      throw new ProviderUnavailable(error instanceof Error ? error.message : String(error));
    });
  cache.set(key, { at: Date.now(), config });
  return config;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationRequest(
  config: Oidc.Configuration,
  redirectUri: string,
  language: Language,
): Promise<AuthorizationRequest> {
  const oidc = await openidClient();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    // The person's language first, then Kindly's others: the provider's pages speak theirs when it can.
    ui_locales: [language, ...LANGUAGES.filter((other) => other !== language)].map((code) => LANGUAGE_DETAILS[code].locale).join(" "),
  });
  return { url, state, nonce, codeVerifier };
}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Why an answer was refused: the provider's own refusal (a used code), or a token that failed a check. */
export class AnswerRefused extends Error {}

/** Exchanges the code and checks the ID token; what it says of the person, or AnswerRefused / ProviderUnavailable. */
export async function completeAuthorization(
  config: Oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  const oidc = await openidClient();
  let tokens;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
  } catch (error) {
    if (refusal(error)) throw new ProviderRefused(refusal(error)!.reason);
    // The provider's answer was an error (invalid_grant: a code used twice), or a check failed.
    if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) throw new AnswerRefused(error.message);
    if (error instanceof oidc.ClientError && error.code !== "OAUTH_RESPONSE_IS_NOT_JSON")
      throw new AnswerRefused(`${error.code}: ${error.message}`);
    throw new ProviderUnavailable(error instanceof Error ? error.message : String(error));
  }
  const idToken = tokens.claims();
  if (!idToken) throw new AnswerRefused("no ID token");
  // Providers that conform strictly put the email and profile claims in the UserInfo answer, not the ID token.
  let claims: Record<string, unknown> = idToken;
  if (typeof idToken.email !== "string") {
    try {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
    } catch (error) {
      if (refusal(error)) throw new ProviderRefused(refusal(error)!.reason);
      if (error instanceof oidc.ClientError || error instanceof oidc.ResponseBodyError) throw new AnswerRefused(error.message);
      throw new ProviderUnavailable(error instanceof Error ? error.message : String(error));
    }
  }
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  return {
    subject: idToken.sub,
    email: text(claims.email)?.toLowerCase() ?? null,
    // Entra ID sends no email_verified; its optional claim xms_edov says the tenant verified the address's domain.
    emailVerified: claims.email_verified === true || claims.xms_edov === true,
    name: text(claims.name) ?? ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ") || null),
  };
}
