import { CARD_NUMBER_PARAM, SCAN_LINK_PARAMS } from "../../../shared/schemas/scans.js";

/** Any origin will do: only whether a path stays on it matters. */
const HERE = "https://kindly.invalid";

/**
 * A `redirect` parameter the app may follow: a path on this site. Anything a
 * browser could read as another site is refused ("//evil.example",
 * "/\\evil.example", "https://…", "javascript:…"), and so are control characters.
 */
export function safeRedirect(redirect: string | null): string | null {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (!redirect || !redirect.startsWith("/") || /[\\\u0000-\u001f]/.test(redirect)) return null;
  const url = new URL(redirect, HERE);
  return url.origin === HERE ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * Where to go after signing in: back to the code being scanned, else the page
 * that asked for sign-in (`redirect`, same-site only), else home. `explicit`
 * is true when the person was on their way somewhere (onboarding then waits).
 */
export function signInDestination(params: URLSearchParams): { to: string; explicit: boolean } {
  if (SCAN_LINK_PARAMS.every((name) => params.get(name))) {
    const scan = new URLSearchParams(SCAN_LINK_PARAMS.map((name) => [name, params.get(name)!]));
    const card = params.get(CARD_NUMBER_PARAM);
    if (card) scan.set(CARD_NUMBER_PARAM, card);
    return { to: `/scan-qr?${scan.toString()}`, explicit: true };
  }
  const safe = safeRedirect(params.get("redirect"));
  return { to: safe ?? "/", explicit: safe !== null };
}
