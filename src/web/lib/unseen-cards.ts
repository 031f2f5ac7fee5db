import type { ScanRequest } from "../../shared/schemas/scans.js";

/*
 * Acts whose card the person has not seen yet (issue 60 §1). The tap on the
 * envelope records the act; the card that comes out and turns over is the
 * celebration. Someone who leaves before it turns over (a closed tab, the
 * next page) finds the card waiting on the next page they open: it is opened
 * by sending the same tap again with its key, which the server answers with
 * the act it recorded (scan-replay, 24 h), or records if the tap never
 * reached it.
 *
 * Kept in localStorage, written as the envelope is tapped: synchronous, so
 * nothing can leave between the tap and the keeping. (A scan that could not
 * be sent goes to the offline queue instead, saved-scans.ts, which shows its
 * own card once sent.)
 */

export interface UnseenCard {
  /** The tap's idempotency key. */
  key: string;
  /** Whose act: a phone someone else signs in on does not show it to them, nor send it as theirs. */
  userId: string;
  request: ScanRequest;
  /** The place as the scan page named it. */
  place: string;
  tappedAt: string;
}

const STORAGE_KEY = "kindly.unseenCards";
/** The scan page's parameter that opens a waiting card: /scan-qr?unseen=<key>. */
export const UNSEEN_PARAM = "unseen";
/** Changes in this tab (a storage event reaches only the others). */
export const UNSEEN_CARDS_EVENT = "kindly-unseen-cards";
/** The server answers a tap's key again for a day (REPLAY_HOURS); after that, the act is only in the history. */
const KEPT_MS = 23 * 60 * 60 * 1000;
/** A few at most: each is one act's card. */
const MOST = 5;

function isUnseenCard(value: unknown): value is UnseenCard {
  const card = value as Partial<UnseenCard> | null;
  return (
    typeof card?.key === "string" &&
    typeof card.userId === "string" &&
    typeof card.place === "string" &&
    typeof card.tappedAt === "string" &&
    typeof card.request === "object" &&
    card.request !== null
  );
}

function read(): UnseenCard[] {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    if (!Array.isArray(stored)) return [];
    const now = Date.now();
    return stored.filter(isUnseenCard).filter((card) => now - Date.parse(card.tappedAt) < KEPT_MS);
  } catch {
    return [];
  }
}

function write(cards: UnseenCard[]): void {
  try {
    if (cards.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(cards.slice(-MOST)));
  } catch {
    // Private mode without storage: the act is recorded all the same, and in the history.
  }
  window.dispatchEvent(new Event(UNSEEN_CARDS_EVENT));
}

/** The cards waiting on this device for this person, oldest first. */
export function unseenCards(userId: string): UnseenCard[] {
  return read().filter((card) => card.userId === userId);
}

/** The envelope was tapped: the card waits until it is seen. */
export function rememberTap(card: Omit<UnseenCard, "tappedAt">): void {
  write([...read().filter((kept) => kept.key !== card.key), { ...card, tappedAt: new Date().toISOString() }]);
}

/** Seen, refused, or taken over by the offline queue: nothing waits any more under this key. */
export function forgetTap(key: string): void {
  const cards = read();
  if (cards.some((card) => card.key === key)) write(cards.filter((card) => card.key !== key));
}
