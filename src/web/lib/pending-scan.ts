import { CLAIM_PARAM, claimTokenSchema, type PendingScan } from "../../shared/schemas/scans.js";
import { nameIn } from "../../shared/i18n/localized-text.js";

// A scan made while signed out waits on the server (docs/design.md §4.12).
// This browser remembers its token too, so that signing in here later, by
// any path, still leads to the act; the emailed links carry it elsewhere.

const KEY = "kindly.pendingScan";

export interface StoredPendingScan {
  token: string;
  expiresAt: string;
  /** What the person scanned, as the server named it: shown while the act waits. */
  place: string;
  /** What the waiting card shows before any form (older entries may lack them). */
  type?: PendingScan["type"];
  organizationName?: string;
  story?: PendingScan["story"];
}

/** Kept with the place named in the language the person reads now (a card series' name may have one per language). */
export function rememberPendingScan(pending: PendingScan, language: string): void {
  const location = pending.locationName && nameIn(pending.locationName, pending.locationTranslations, language);
  const place = location ? `${pending.organizationName} — ${location}` : pending.organizationName;
  const stored: StoredPendingScan = {
    token: pending.token,
    expiresAt: pending.expiresAt,
    place,
    type: pending.type,
    organizationName: pending.organizationName,
    story: pending.story,
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Private mode without storage: the links still carry the token.
  }
}

/** The scan this browser keeps for later, unless it has expired. */
export function storedPendingScan(now = Date.now()): StoredPendingScan | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "null") as StoredPendingScan | null;
    if (!stored || !claimTokenSchema.safeParse(stored.token).success) return null;
    if (Date.parse(stored.expiresAt) <= now) {
      localStorage.removeItem(KEY);
      return null;
    }
    return stored;
  } catch {
    return null;
  }
}

/** Claimed or refused for good: nothing waits any more. */
export function forgetPendingScan(token: string): void {
  try {
    if (storedPendingScan()?.token === token) localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** The pending scan a page should carry on: the address's `claim`, else the one this browser keeps. */
export function claimToCarry(params: URLSearchParams): string | null {
  const fromLink = params.get(CLAIM_PARAM);
  if (fromLink && claimTokenSchema.safeParse(fromLink).success) return fromLink;
  return storedPendingScan()?.token ?? null;
}

/** The page that opens a pending scan's act (the scan page, claiming). */
export const claimPath = (token: string) => `/scan-qr?${CLAIM_PARAM}=${token}`;
