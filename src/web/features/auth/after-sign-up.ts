import { CONFIRMATION_LINK_HOURS } from "../../../shared/constants.js";
import { safeRedirect } from "./sign-in-destination.js";

// Someone who signs up on their way somewhere (the workplace area with their
// employer's code) confirms their address from a mail, and the confirmation
// page would not know where they were going. This browser remembers it, as
// long as the confirmation link lasts; confirmed on another device, the
// person lands where a newcomer does.

const KEY = "kindly.afterSignUp";

/** Remembers `redirect` (a path on this site only) for the confirmation to come. */
export function rememberDestination(redirect: string | null, now = Date.now()): void {
  const to = safeRedirect(redirect);
  if (!to) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ to, until: now + CONFIRMATION_LINK_HOURS * 3_600_000 }));
  } catch {
    // No storage (private mode): the person finds their way from home.
  }
}

/** The destination remembered at sign-up, if it is still good (read without forgetting it: a render may run twice). */
export function rememberedDestination(now = Date.now()): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "null") as { to?: unknown; until?: unknown } | null;
    if (!stored || typeof stored.to !== "string" || typeof stored.until !== "number" || stored.until <= now) return null;
    return safeRedirect(stored.to);
  } catch {
    return null;
  }
}

/** Once the person is on their way there, the destination is forgotten. */
export function forgetDestination(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}
